"""Ordinary Swift code for the generated benchmark apps, shared by make-synthetic-app.py and
make-modular-app.py: a struct of functions with comments, strings and interpolations, no enums."""


def filler(name, label, count):
    """`count` lines (at least 3): `struct Helper<name>` with functions whose strings mention `label`."""
    lines = [f"struct Helper{name} {{", "    var values: [Int] = []"]
    body = 0
    while len(lines) < count - 1:
        lines += [
            f"    func compute{body}(_ input: Int) -> Int {{",
            f"        // step {body}: a comment with braces {{ }} and \"quotes\"",
            f"        let text = \"value \\(input) of {label}\"",
            "        return text.count + input * 2",
            "    }",
        ]
        body += 1
    lines.append("}")
    return lines
