import TouchlineMILP

extension OfficialsKind {
    public static func greedy(_ instance: OfficialsInstance, seconds: Double?) -> OfficialsSolution? {
        let core = core(instance)
        let places = venuePlaces(instance)
        return core.solution(crews: core.greedy(placeOf: places, previous: instance.previous?.assignments), placeOf: places)
    }
}
