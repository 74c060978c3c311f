struct S {
    func register(enum e: EnumDescriptor) {
        enum Local { case x }
    }
    init(class c: Int, struct s: Int, actor a: Int) {
        enum Local2 { case y }
    }
    subscript(enum e: Int) -> Int { 0 }
}
enum E {
    case a
    func f(case c: Int) {}
}
