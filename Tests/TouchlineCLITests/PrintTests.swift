import Foundation
import Testing

/// Chromium and poppler's tools, found on the PATH (outside the suite, whose traits cannot name it).
struct PrintTools {
    var chromium: URL
    var pdftotext: URL
    var pdfinfo: URL
    var pdftoppm: URL?

    /// The tools, or nil when one is missing.
    static var found: PrintTools? {
        guard let chromium = Binary.which("chromium", "chromium-browser", "google-chrome"),
            let pdftotext = Binary.which("pdftotext"), let pdfinfo = Binary.which("pdfinfo")
        else { return nil }
        return PrintTools(chromium: chromium, pdftotext: pdftotext, pdfinfo: pdfinfo, pdftoppm: Binary.which("pdftoppm"))
    }
}

/// The printable pages in a real browser: each shipped lineup's `--format html` printed to PDF by headless
/// Chromium, then read back with poppler's pdfinfo and pdftotext. CI installs both (`scripts/setup.sh --print`);
/// elsewhere the suite is skipped (and says so) when they are missing, and fails when CI=true.
@Suite(.enabled(if: PrintTools.found != nil || Binary.onCI, "needs chromium and poppler-utils (scripts/setup.sh --print)"))
struct PrintTests {
    typealias Tools = PrintTools

    /// The tools; an error (a failed test) when they are missing, which only happens on CI (the suite is skipped
    /// elsewhere).
    static func requireTools() throws -> Tools {
        try #require(PrintTools.found, "CI needs chromium and poppler-utils (scripts/setup.sh --print installs them)")
    }

    static var lineups: [String] {
        let folder = Binary.root.appendingPathComponent("instances/lineups")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".json") && $0 != "expected.json" }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Prints `html` to a PDF and returns its folder and path.
    static func print(_ html: String, _ tools: Tools) throws -> (URL, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchline-print-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let page = folder.appendingPathComponent("page.html")
        let pdf = folder.appendingPathComponent("page.pdf")
        try html.write(to: page, atomically: true, encoding: .utf8)
        let run = try Binary.launch(
            tools.chromium,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
                "--print-to-pdf=\(pdf.path)", page.absoluteString
            ], stdin: Data())
        #expect(FileManager.default.fileExists(atPath: pdf.path), "chromium printed nothing: \(run.stderr.suffix(300))")
        return (folder, pdf)
    }

    static func text(_ pdf: URL, page: Int, _ tools: Tools) throws -> String {
        try Binary.launch(tools.pdftotext, ["-layout", "-f", "\(page)", "-l", "\(page)", pdf.path, "-"], stdin: Data()).stdout
    }

    static func pages(_ pdf: URL, _ tools: Tools) throws -> Int {
        let info = try Binary.launch(tools.pdfinfo, [pdf.path], stdin: Data()).stdout
        let line = info.split(separator: "\n").first { $0.hasPrefix("Pages:") } ?? ""
        return Int(line.split(separator: " ").last ?? "") ?? 0
    }

    /// Page 1 is the whole rotation chart (page 2 starts with the team sheets), with every player's name and
    /// minutes on their row and the half-time marker; page 2 is the whole of the team sheets.
    @Test(arguments: lineups)
    func lineupChartPrintsOnOnePage(_ name: String) throws {
        let tools = try Self.requireTools()
        let path = "instances/lineups/\(name).json"
        let html = try Binary.run(["solve", "--format", "html", "--method", "greedy", path])
        #expect(html.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(
            !html.stdout.contains("<script") && !html.stdout.contains("http://") && !html.stdout.contains("https://"),
            "self-contained: no scripts, nothing fetched")
        let json = try #require(try Binary.run(["solve", "--method", "greedy", path]).json)
        let solution = try #require(json["solution"] as? [String: Any])
        // A tournament day prints its first match first: its chart holds that match's minutes.
        let firstGame = (solution["matches"] as? [[String: Any]])?.first
        let minutes = try #require((firstGame ?? solution)["minutes"] as? [String: Int])
        let instance = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: Binary.root.appendingPathComponent(path))) as? [String: Any])
        let players = try #require(instance["players"] as? [[String: Any]])

        let (folder, pdf) = try Self.print(html.stdout, tools)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Self.pages(pdf, tools) >= 3)
        let chart = try Self.text(pdf, page: 1, tools)
        let rows = chart.split(separator: "\n")
        for player in players {
            let id = try #require(player["id"] as? String)
            let shown = (player["name"] as? String) ?? id
            let minute = try #require(minutes[id])
            // The player's chart row (a best effort also names players in its broken-rule lines above the chart).
            let named = rows.filter { $0.contains(shown) }
            let row = named.first { $0.trimmingCharacters(in: .whitespaces).split(separator: " ").contains { $0 == "\(minute)" } } ?? named.first
            #expect(row != nil, "\(name): \(shown) is not on the chart's page")
            #expect(
                row.map { $0.trimmingCharacters(in: .whitespaces).split(separator: " ").contains { $0 == "\(minute)" } } == true,
                "\(name): \(shown)'s \(minute) minutes are not on their row: \(row ?? "")")
        }
        let match = try #require((instance["match"] ?? (instance["matches"] as? [[String: Any]])?.first) as? [String: Any])
        let state = instance["state"] as? [String: Any]
        let periodMinutes = match["periodMinutes"] as? Int ?? 0
        if match["periods"] as? Int == 2, (state?["minute"] as? Int ?? 0) < periodMinutes {
            #expect(chart.contains("Half-time"), "\(name): no half-time marker")
        }
        #expect(
            try Self.text(pdf, page: 2, tools).trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("Team sheets"),
            "\(name): the chart runs over one page")
        #expect(
            try Self.text(pdf, page: 3, tools).trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("Changes by minute"),
            "\(name): the team sheets run over one page")
        if name == "u14-11v11-22-every5", let pdftoppm = tools.pdftoppm {
            // For a person to look at: the chart of the 22-player squad as a picture.
            let artefacts = Binary.root.appendingPathComponent(".build/test-artefacts")
            try FileManager.default.createDirectory(at: artefacts, withIntermediateDirectories: true)
            _ = try Binary.launch(
                pdftoppm,
                [
                    "-png", "-r", "110", "-f", "1", "-l", "1", "-singlefile", pdf.path,
                    artefacts.appendingPathComponent("lineup-\(name)").path
                ], stdin: Data())
            #expect(FileManager.default.fileExists(atPath: artefacts.appendingPathComponent("lineup-\(name).png").path))
        }
    }

    /// An officials day sheet prints with every assigned official's name and every match's teams by name, and
    /// each field group's table on one page (its heading on the page of every official it lists).
    @Test func officialsDaySheetPrints() throws {
        let tools = try Self.requireTools()
        let path = "instances/officials/fieldgame-saturday.json"
        let html = try Binary.run(["solve", "--format", "html", "--method", "greedy", path])
        #expect(html.status == 0)
        let json = try #require(try Binary.run(["solve", "--method", "greedy", path]).json)
        let crews = try #require((json["solution"] as? [String: Any])?["assignments"] as? [String: [String]])
        let instance = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: Binary.root.appendingPathComponent(path))) as? [String: Any])
        let officials = try #require(instance["officials"] as? [[String: Any]])
        let names = Dictionary(uniqueKeysWithValues: officials.map { ($0["id"] as! String, ($0["name"] as? String) ?? ($0["id"] as! String)) })
        let (folder, pdf) = try Self.print(html.stdout, tools)
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = try Self.pages(pdf, tools)
        #expect(count >= 1)
        var text = ""
        for page in 1...max(1, count) { text += try Self.text(pdf, page: page, tools) }
        for id in Set(crews.values.flatMap { $0 }) {
            #expect(text.contains(names[id]!), "\(names[id]!) is not on the printed sheet")
        }
        #expect(text.contains("Saturday"))
        #expect(text.contains("The Timbralls"), "team names, not ids")
        // Each field group's table on one page: the page that holds the group's heading holds all its matches'
        // pitches (North and South Fields fit a page each).
        let venues = try #require(instance["venues"] as? [[String: Any]])
        let pages = try (1...max(1, count)).map { try Self.text(pdf, page: $0, tools) }
        for group in ["North", "South"] {
            let page = pages.first { $0.contains("\n\(group)\n") || $0.hasPrefix("\(group)\n") || $0.contains(" \(group)\n") }
            let pitches = venues.filter { $0["group"] as? String == group }.compactMap { $0["name"] as? String }
            let used = pitches.filter { text.contains($0) }
            #expect(page != nil, "no page with the \(group) heading")
            for pitch in used { #expect(page?.contains(pitch) == true, "\(pitch) is not on the \(group) page") }
        }
    }
}
