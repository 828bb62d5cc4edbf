/// The package's two tolerances, named once: every comparison of floating-point values in the solvers, the
/// verifiers and the report uses one of them.
public enum Tolerance {
    /// A solver's value (an LP bound, an incumbent, a column's value) equals a bound or an integer within this:
    /// GLPK's own feasibility and integrality tolerances are of this order, so an LP bound of `z` proves
    /// `(z - solver).rounded(.up)` for an integral objective, and a level is held at `value ± solver`.
    public static let solver = 1e-6
    /// The error of exact arithmetic done in floating point (a share of minutes, kilometres over a speed, a
    /// square root): a quotient within this of an integer is that integer, so `(x - exact).rounded(.up)` is the
    /// ceiling of the exact value. Also the relative part of a held level's slack.
    public static let exact = 1e-9
}
