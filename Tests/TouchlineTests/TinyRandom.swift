/// A seeded linear congruential generator for the tiny random instances of the kind tests (same seed, same
/// instance, on every platform).
struct TinyRandom {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
}
