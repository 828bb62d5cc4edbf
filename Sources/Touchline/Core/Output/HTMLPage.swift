/// A self-contained HTML page for printing: inline CSS, no scripts, nothing fetched from the network.
struct HTMLPage {
    var title: String
    private var styles: [String] = []
    private var body: [String] = []

    init(title: String) { self.title = title }

    mutating func style(_ css: String) { styles.append(css) }
    mutating func add(_ html: String) { body.append(html) }

    var document: String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="generator" content="Touchline">
        <title>\(Self.escape(title))</title>
        <style>
        \(styles.joined(separator: "\n"))
        </style>
        </head>
        <body>
        \(body.joined(separator: "\n"))
        </body>
        </html>

        """
    }

    /// Text for an element or an attribute value: `& < > " '` escaped.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// A colour name from an instance as CSS: a plain word (`red`, `navy`) or `#` and 3 or 6 hex digits;
    /// anything else is grey, so that no input writes CSS of its own.
    static func cssColour(_ name: String) -> String {
        let word = !name.isEmpty && name.count <= 20 && name.allSatisfy { $0.isASCII && $0.isLetter }
        let hex = name.first == "#" && [4, 7].contains(name.count) && name.dropFirst().allSatisfy(\.isHexDigit)
        return word || hex ? name : "grey"
    }
}
