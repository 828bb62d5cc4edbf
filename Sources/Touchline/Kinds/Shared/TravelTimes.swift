import Foundation
import TouchlineMILP

/// A place for travel purposes: a venue of `officials` or a pitch of `matchday`.
struct TravelPlace: Sendable {
    var id: String
    var group: String
    var lat: Double?
    var lon: Double?
    /// Planar km (officials venues may give `x`, `y` instead of degrees).
    var x: Double? = nil
    var y: Double? = nil
}

/// Travel minutes between every two places, by the contract's precedence: an entry for the pair of places,
/// else for their groups (entries are symmetric), else 0 within one group, else great-circle distance at the
/// travel speed, rounded up to whole minutes.
struct TravelTimes: Sendable {
    let minutes: [[Int]]
    let largest: Int

    init(places: [TravelPlace], entries: [TravelEntry], speedKmh: Double) {
        var table = [[Int]](repeating: [Int](repeating: 0, count: places.count), count: places.count)
        var byPair: [String: Int] = [:]
        for entry in entries {
            byPair[Self.key(entry.from, entry.to)] = entry.minutes
        }
        for (i, a) in places.enumerated() {
            for (j, b) in places.enumerated() where i != j {
                if let direct = byPair[Self.key(a.id, b.id)] {
                    table[i][j] = direct
                } else if a.group == b.group {
                    table[i][j] = byPair[Self.key(a.group, b.group)] ?? 0
                } else if let grouped = byPair[Self.key(a.group, b.group)] {
                    table[i][j] = grouped
                } else if let latA = a.lat, let lonA = a.lon, let latB = b.lat, let lonB = b.lon {
                    let kilometres = Self.greatCircleKilometres(latA, lonA, latB, lonB)
                    table[i][j] = Int((kilometres / speedKmh * 60 - Tolerance.exact).rounded(.up))
                } else if let xA = a.x, let yA = a.y, let xB = b.x, let yB = b.y {
                    let kilometres = ((xB - xA) * (xB - xA) + (yB - yA) * (yB - yA)).squareRoot()
                    table[i][j] = Int((kilometres / speedKmh * 60 - Tolerance.exact).rounded(.up))
                }
            }
        }
        minutes = table
        largest = table.map { $0.max() ?? 0 }.max() ?? 0
    }

    static func key(_ a: String, _ b: String) -> String { a < b ? "\(a)\u{1}\(b)" : "\(b)\u{1}\(a)" }

    /// Haversine distance on a sphere of the mean Earth radius.
    static func greatCircleKilometres(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians, dLon = (lon2 - lon1) * radians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6371.0088 * asin(min(1, sqrt(h)))
    }

    /// Input problems: travel entries that name neither a place nor a group, negative minutes, and pairs of
    /// places in different groups whose travel time nothing defines.
    static func issues(places: [TravelPlace], placePaths: [String], entries: [TravelEntry], entriesPath: String) -> [InputIssue] {
        var issues = IssueCollector()
        let names = Set(places.map(\.id)).union(places.map(\.group))
        var pairs = Set<String>()
        // Entries are symmetric: one pair given twice (in either direction) with different minutes has no answer.
        var firstEntry: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            let path = "\(entriesPath)[\(index)]"
            issues.require(names.contains(entry.from), "\(path).from", "unknown venue or group \"\(entry.from)\"")
            issues.require(names.contains(entry.to), "\(path).to", "unknown venue or group \"\(entry.to)\"")
            issues.require(entry.minutes >= 0 && entry.minutes <= 7 * 1440, "\(path).minutes", "expected whole minutes from 0 to 10080")
            let pair = key(entry.from, entry.to)
            pairs.insert(pair)
            if let first = firstEntry[pair] {
                if entries[first].minutes != entry.minutes {
                    issues.add(
                        "\(path).minutes",
                        "\(entry.minutes) minutes between \(entry.from) and \(entry.to), but \(entriesPath)[\(first)] says \(entries[first].minutes) (travel times are symmetric: give the pair once)"
                    )
                }
            } else {
                firstEntry[pair] = index
            }
        }
        var reported = Set<String>()
        for (i, a) in places.enumerated() {
            for j in (i + 1)..<places.count where a.group != places[j].group {
                let b = places[j]
                if pairs.contains(key(a.id, b.id)) || pairs.contains(key(a.group, b.group)) { continue }
                for (place, index) in [(a, i), (b, j)] where (place.lat == nil || place.lon == nil) && (place.x == nil || place.y == nil) {
                    if reported.insert(place.id).inserted {
                        issues.add(
                            placePaths[index],
                            "no coordinates (lat, lon) and no \(entriesPath) entry for groups \(a.group) and \(b.group); expected one of them to give the travel time"
                        )
                    }
                }
            }
        }
        for (index, place) in places.enumerated() {
            if let lat = place.lat { issues.require(lat >= -90 && lat <= 90, "\(placePaths[index]).lat", "expected degrees from -90 to 90") }
            if let lon = place.lon { issues.require(lon >= -180 && lon <= 180, "\(placePaths[index]).lon", "expected degrees from -180 to 180") }
        }
        return issues.issues
    }
}
