#!/usr/bin/env bash
# Builds the test-only SwiftRex stand-in (SwiftRex.swift) as a library in the Swift 6 and Swift 5 language
# modes, warnings as errors, then compiles SwiftRexSelfTest.swift against each build and runs it.
# Finally checks that what SwiftRex keeps internal is not public here. Exits non-zero on failure.
# Usage: check-swiftrex-module.sh        (set SWIFTC=... to use another compiler)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
swiftc="${SWIFTC:-swiftc}"
work="$(mktemp -d "${TMPDIR:-/tmp}/swiftrex-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT

for mode in 6 5; do
    out="$work/swift$mode"
    mkdir -p "$out"
    echo "== Swift $mode: building module SwiftRex"
    "$swiftc" -swift-version "$mode" -warnings-as-errors -parse-as-library \
        -emit-module -emit-library -module-name SwiftRex "$here/SwiftRex.swift" \
        -emit-module-path "$out/SwiftRex.swiftmodule" -o "$out/libSwiftRex.so"

    echo "== Swift $mode: building SwiftRexSelfTest"
    # The driver is held to the same bar as the module: no warnings in either mode.
    "$swiftc" -swift-version "$mode" -warnings-as-errors \
        -I "$out" -L "$out" -lSwiftRex -Xlinker -rpath -Xlinker "$out" \
        "$here/SwiftRexSelfTest.swift" -o "$out/SwiftRexSelfTest"

    echo "== Swift $mode: running SwiftRexSelfTest"
    "$out/SwiftRexSelfTest"
done

# Negative checks: things the API doc says SwiftRex 0.8 keeps internal must stay out of reach, or tests could
# accept generated code that real users cannot compile. Each snippet must fail to type-check *because of*
# access control (matching the diagnostic guards against a snippet that is simply broken).
out="$work/swift6"
neg=0
check_inaccessible() {  # $1: description, $2: Swift statements using the module
    printf 'import SwiftRex\n%s\n' "$2" > "$work/negative.swift"
    if "$swiftc" -swift-version 6 -typecheck -I "$out" "$work/negative.swift" > "$work/negative.log" 2>&1; then
        echo "FAIL: $1 is public but must not be"; neg=1
    elif ! grep -q "inaccessible due to 'internal' protection level" "$work/negative.log"; then
        echo "FAIL: negative check '$1' failed for another reason:"; cat "$work/negative.log"; neg=1
    fi
}
echo "== negative checks (internal API stays internal)"
check_inaccessible "IO's runner" \
    'IO<Int>.pure().run(AnyActionHandler { _ in })'
check_inaccessible "LiftMiddleware's initializer" \
    'struct M: MiddlewareProtocol {
         func handle(action: Int, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<Int> { .pure() }
     }
     _ = LiftMiddleware<Int, Int, Int, M>(middleware: M(), inputActionMap: { $0 }, outputActionMap: { $0 }, stateMap: { $0 })'
check_inaccessible "Reducer's initializer (only Reducer.reduce(_:) is documented)" \
    '_ = Reducer<Int, Int>(reduce: { _, _ in })'
[ "$neg" -eq 0 ] || exit 1

echo "check-swiftrex-module: OK"
