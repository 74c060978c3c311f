func testRecursionInitializerWithRecursiveEnum() {
    indirect enum Tree {
        case node(Int, Tree, Tree)
        case leaf(Int)
    }
}
