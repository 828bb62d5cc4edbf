import Foundation

/// A small line chart written as SVG (no dependencies): one or two panels side by side, each with its own
/// y axis (linear or logarithmic), shared x values, a legend, and a marker on every point.
package struct SVGChart: Sendable {
    package struct Series: Sendable {
        package var label: String
        package var colour: String
        /// (x, y); a nil y leaves a gap (no plan, or a value a log axis cannot show).
        package var points: [(Double, Double?)]
        package var dashed: Bool

        package init(label: String, colour: String, points: [(Double, Double?)], dashed: Bool = false) {
            self.label = label
            self.colour = colour
            self.points = points
            self.dashed = dashed
        }
    }

    package struct Panel: Sendable {
        package var title: String
        package var xLabel: String
        package var yLabel: String
        package var logarithmic: Bool
        package var series: [Series]

        package init(title: String, xLabel: String, yLabel: String, logarithmic: Bool = false, series: [Series]) {
            self.title = title
            self.xLabel = xLabel
            self.yLabel = yLabel
            self.logarithmic = logarithmic
            self.series = series
        }
    }

    package var title: String
    package var panels: [Panel]

    package init(title: String, panels: [Panel]) {
        self.title = title
        self.panels = panels
    }

    static let panelWidth = 460.0, panelHeight = 320.0
    static let left = 70.0, right = 20.0, top = 50.0, bottom = 60.0

    /// The SVG document.
    package func render() -> String {
        let width = Double(panels.count) * Self.panelWidth
        // The legends sit below each panel's x axis, one line per series.
        let height = Self.panelHeight + 40 + 16 * Double(panels.map(\.series.count).max() ?? 0)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(Self.format(width / 2))" y="20" text-anchor="middle" font-size="15" font-weight="bold">\(Self.escape(title))</text>

            """
        for (index, panel) in panels.enumerated() {
            svg += renderPanel(panel, offsetX: Double(index) * Self.panelWidth, offsetY: 30)
        }
        return svg + "</svg>\n"
    }

    func renderPanel(_ panel: Panel, offsetX: Double, offsetY: Double) -> String {
        let plotWidth = Self.panelWidth - Self.left - Self.right
        let plotHeight = Self.panelHeight - Self.top - Self.bottom
        let originX = offsetX + Self.left, originY = offsetY + Self.top + plotHeight
        let xs = panel.series.flatMap { $0.points.map(\.0) }
        let ys = panel.series.flatMap { $0.points.compactMap(\.1) }.filter { !panel.logarithmic || $0 > 0 }
        let xMin = xs.min() ?? 0, xMax = max(xs.max() ?? 1, (xs.min() ?? 0) + 1)
        var yMin: Double, yMax: Double
        if panel.logarithmic {
            yMin = pow(10, floor(log10(ys.min() ?? 0.001)))
            yMax = pow(10, ceil(log10(ys.max() ?? 1)))
            if yMax <= yMin { yMax = yMin * 10 }
        } else {
            yMin = min(0, ys.min() ?? 0)
            yMax = Self.niceCeiling(max(ys.max() ?? 1, yMin + 1e-9))
        }
        func x(_ value: Double) -> Double { originX + (value - xMin) / (xMax - xMin) * plotWidth }
        func y(_ value: Double) -> Double {
            let fraction =
                panel.logarithmic
                ? (log10(value) - log10(yMin)) / (log10(yMax) - log10(yMin))
                : (value - yMin) / (yMax - yMin)
            return originY - fraction * plotHeight
        }
        var out = "<g>\n"
        out +=
            "<text x=\(Self.quote(offsetX + Self.panelWidth / 2)) y=\(Self.quote(offsetY + 22)) text-anchor=\"middle\" font-size=\"13\">\(Self.escape(panel.title))</text>\n"
        // Grid and y ticks.
        var ticks: [Double] = []
        if panel.logarithmic {
            var tick = yMin
            while tick <= yMax * 1.0001 { ticks.append(tick); tick *= 10 }
        } else {
            ticks = (0...4).map { yMin + (yMax - yMin) * Double($0) / 4 }
        }
        for tick in ticks {
            let position = y(tick)
            out +=
                "<line x1=\(Self.quote(originX)) y1=\(Self.quote(position)) x2=\(Self.quote(originX + plotWidth)) y2=\(Self.quote(position)) stroke=\"#ddd\"/>\n"
            out +=
                "<text x=\(Self.quote(originX - 6)) y=\(Self.quote(position + 4)) text-anchor=\"end\">\(Self.escape(Self.tickLabel(tick)))</text>\n"
        }
        // X ticks at the data's x values.
        for value in Set(xs).sorted() {
            let position = x(value)
            out +=
                "<line x1=\(Self.quote(position)) y1=\(Self.quote(originY)) x2=\(Self.quote(position)) y2=\(Self.quote(originY + 4)) stroke=\"#333\"/>\n"
            out +=
                "<text x=\(Self.quote(position)) y=\(Self.quote(originY + 17)) text-anchor=\"middle\">\(Self.escape(Self.tickLabel(value)))</text>\n"
        }
        out +=
            "<rect x=\(Self.quote(originX)) y=\(Self.quote(originY - plotHeight)) width=\(Self.quote(plotWidth)) height=\(Self.quote(plotHeight)) fill=\"none\" stroke=\"#333\"/>\n"
        out +=
            "<text x=\(Self.quote(originX + plotWidth / 2)) y=\(Self.quote(originY + 38)) text-anchor=\"middle\">\(Self.escape(panel.xLabel))</text>\n"
        out +=
            "<text transform=\"translate(\(Self.format(offsetX + 16)),\(Self.format(originY - plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\">\(Self.escape(panel.yLabel))</text>\n"
        // Series: polyline segments between consecutive defined points, markers, legend.
        for (index, series) in panel.series.enumerated() {
            let dash = series.dashed ? " stroke-dasharray=\"6 4\"" : ""
            var run: [String] = []
            func flush() {
                if run.count > 1 {
                    out +=
                        "<polyline fill=\"none\" stroke=\"\(series.colour)\" stroke-width=\"2\"\(dash) points=\"\(run.joined(separator: " "))\"/>\n"
                }
                run = []
            }
            for (px, py) in series.points.sorted(by: { $0.0 < $1.0 }) {
                guard let py, !panel.logarithmic || py > 0 else { flush(); continue }
                run.append("\(Self.format(x(px))),\(Self.format(y(py)))")
                out += "<circle cx=\(Self.quote(x(px))) cy=\(Self.quote(y(py))) r=\"3\" fill=\"\(series.colour)\"/>\n"
            }
            flush()
            let legendY = originY + 58 + Double(index) * 16
            out +=
                "<line x1=\(Self.quote(originX + 10)) y1=\(Self.quote(legendY - 4)) x2=\(Self.quote(originX + 30)) y2=\(Self.quote(legendY - 4)) stroke=\"\(series.colour)\" stroke-width=\"2\"\(dash)/>\n"
            out += "<text x=\(Self.quote(originX + 36)) y=\(Self.quote(legendY))>\(Self.escape(series.label))</text>\n"
        }
        return out + "</g>\n"
    }

    static func niceCeiling(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        let magnitude = pow(10, floor(log10(value)))
        for step in [1.0, 2, 2.5, 5, 10] where step * magnitude >= value { return step * magnitude }
        return 10 * magnitude
    }

    static func tickLabel(_ value: Double) -> String {
        if value == 0 { return "0" }
        if abs(value) >= 1 && value == value.rounded() { return String(Int(value)) }
        if abs(value) >= 0.01 { return String(format: "%.2g", value) }
        return String(format: "%.0e", value)
    }

    static func format(_ value: Double) -> String { String(format: "%.1f", value) }
    static func quote(_ value: Double) -> String { "\"\(format(value))\"" }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
