extension AsyncSequence {
    #if compiler(>=6.2)
    @abi(
        func asDecodedJSONLines<Event: Decodable>(of eventType: Event.Type, decoder: JSONDecoder)
            -> AsyncThrowingMapSequence<JSONLinesDeserializationSequence<Self>, Event>
    )
    #endif
    public func asDecodedJSONLines() -> Int { 0 }
}
