/// Touchline's one seeded pseudo-random generator (SplitMix64) with its own small helpers, so that
/// `touchline generate`, the fuzzer and the tests' random instances are the same for the same seed on every
/// platform and toolchain (the standard library's `random(in:using:)` algorithms are not promised to stay the
/// same).
package struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `range` (modulo reduction: the bias is below 2⁻⁵⁰ for the small ranges used here).
    package mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % width)
    }

    /// A whole number from 0 to `bound` − 1 (`bound` > 0).
    package mutating func int(below bound: Int) -> Int { int(in: 0...(bound - 1)) }

    /// A number in [0, 1) with 53 random bits.
    package mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }

    /// True with probability `probability`.
    package mutating func chance(_ probability: Double) -> Bool { unit() < probability }

    /// One element of a non-empty array.
    package mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[int(in: 0...(elements.count - 1))]
    }

    /// The elements in a random order (Fisher–Yates).
    package mutating func shuffled<Element>(_ elements: [Element]) -> [Element] {
        var result = elements
        if result.count < 2 { return result }
        for index in stride(from: result.count - 1, to: 0, by: -1) {
            result.swapAt(index, int(in: 0...index))
        }
        return result
    }

    /// A Poisson-distributed count with mean `mean` (Knuth's method; for goals in a match).
    package mutating func poisson(mean: Double) -> Int {
        let limit = (-mean).exp
        var count = 0
        var product = unit()
        while product > limit && count < 30 {
            count += 1
            product *= unit()
        }
        return count
    }
}

extension Double {
    fileprivate var exp: Double {
        // e^x by squaring a truncated series: enough for goal means (|x| < 5), no Foundation needed.
        var term = 1.0, sum = 1.0
        let scaled = self / 16
        for n in 1...20 {
            term *= scaled / Double(n)
            sum += term
        }
        for _ in 0..<4 { sum *= sum }
        return sum
    }
}
