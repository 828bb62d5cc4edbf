/// This package's version (semantic versioning), as `touchline --version` prints it.
public enum TouchlineVersion {
    public static let string = "0.10.0"
}
