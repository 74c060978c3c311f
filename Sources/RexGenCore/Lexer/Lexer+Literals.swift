/// String and regex literals: the parts of Swift's lexical structure that nest or span lines.
extension Lexer {
    // MARK: - String literals

    private struct LiteralFrame {
        var isString: Bool
        var hashCount: Int
        /// For an interpolation: whether the string it sits in is multi-line, so line breaks may occur.
        var isMultiline: Bool
        var parenDepth: Int
    }

    /// Scans a string literal starting at its opening quote (after any `#`s), interpolations included.
    @inline(never)
    mutating func scanString(hashCount: Int) {
        if hashCount == 0, skipPlainString() { return }
        let literalStart = position - hashCount
        var frames: [LiteralFrame] = []
        frames.reserveCapacity(2)
        frames.append(openString(hashCount: hashCount))
        while position < bytes.count {
            let current = bytes[position]
            let frame = frames[frames.count - 1]
            if frame.isString {
                if current == .backslash {
                    if hashesFollow(count: frame.hashCount, at: position + 1) {
                        let afterHashes = position + 1 + frame.hashCount
                        if byte(at: afterHashes) == .leftParen {
                            frames.append(LiteralFrame(isString: false, hashCount: 0, isMultiline: frame.isMultiline,
                                                       parenDepth: 0))
                            position = afterHashes + 1
                        } else {
                            position = min(afterHashes + 1, bytes.count)
                        }
                    } else {
                        position += 1
                    }
                } else if current == .quote, closesString(frame) {
                    position += (frame.isMultiline ? 3 : 1) + frame.hashCount
                    frames.removeLast()
                    if frames.isEmpty { return }
                } else if (current == .newline || current == .carriageReturn) && !frame.isMultiline {
                    // Swift ends a single-line literal at the line break; so do we, to resynchronise.
                    report(.unterminatedString, at: literalStart)
                    return
                } else {
                    position += 1
                }
            } else {
                switch current {
                case .leftParen:
                    frames[frames.count - 1].parenDepth += 1
                    position += 1
                case .rightParen:
                    if frame.parenDepth == 0 { frames.removeLast() } else { frames[frames.count - 1].parenDepth -= 1 }
                    position += 1
                case .quote:
                    frames.append(openString(hashCount: 0))
                case .pound:
                    var hashes = 0
                    while byte(at: position + hashes) == .pound { hashes += 1 }
                    if byte(at: position + hashes) == .quote {
                        position += hashes
                        frames.append(openString(hashCount: hashes))
                    } else {
                        position += hashes
                    }
                case .slash where byte(at: position + 1) == .slash:
                    skipLineComment()
                case .slash where byte(at: position + 1) == .star:
                    skipBlockComment()
                case .newline where !frame.isMultiline, .carriageReturn where !frame.isMultiline:
                    // Inside a single-line string, an interpolation ends at the line break too (as in Swift).
                    report(.unterminatedString, at: literalStart)
                    return
                default:
                    position += 1
                }
            }
        }
        report(.unterminatedString, at: literalStart)
    }

    /// At a `"`: skips the most common literal, `"text"` on one line with no escape or interpolation, without
    /// the frame stack `scanString` builds; anything else (including `""` and `"""`) is left to it.
    private mutating func skipPlainString() -> Bool {
        var index = position + 1
        guard index < bytes.count, bytes[index] != .quote else { return false }
        while index < bytes.count {
            switch bytes[index] {
            case .quote:
                position = index + 1
                return true
            case .backslash, .newline, .carriageReturn:
                return false
            default:
                index += 1
            }
        }
        return false
    }

    /// Consumes the opening quote(s) at `position`.
    private mutating func openString(hashCount: Int) -> LiteralFrame {
        var isMultiline = byte(at: position + 1) == .quote && byte(at: position + 2) == .quote
        if isMultiline && hashCount > 0 && closesOnSameLine(from: position + 2, hashCount: hashCount) {
            // `#"""#` is a raw single-line string holding a quote: as in Swift, a raw `"""` opens a multi-line
            // literal only when its closing delimiter is not on the same line.
            isMultiline = false
        }
        position += isMultiline ? 3 : 1
        return LiteralFrame(isString: true, hashCount: hashCount, isMultiline: isMultiline, parenDepth: 0)
    }

    /// Whether a `"` followed by `hashCount` `#` occurs from `offset` (a quote) to the end of its line.
    private func closesOnSameLine(from offset: Int, hashCount: Int) -> Bool {
        var index = offset
        while index < bytes.count, bytes[index] != .newline, bytes[index] != .carriageReturn {
            if bytes[index] == .quote, hashesFollow(count: hashCount, at: index + 1) { return true }
            index += 1
        }
        return false
    }

    private func closesString(_ frame: LiteralFrame) -> Bool {
        if frame.isMultiline {
            guard byte(at: position + 1) == .quote, byte(at: position + 2) == .quote else { return false }
            return hashesFollow(count: frame.hashCount, at: position + 3)
        }
        return hashesFollow(count: frame.hashCount, at: position + 1)
    }

    func hashesFollow(count: Int, at offset: Int) -> Bool {
        guard offset + count <= bytes.count else { return false }
        for index in offset..<(offset + count) where bytes[index] != .pound { return false }
        return true
    }

    // MARK: - Regex literals

    /// `/…/` where an expression may start: the body must not begin with a space and must end on its line.
    /// As in Swift's lexer, it must not end with a space, hold an unbalanced `)` (`(/a .. /b)` and
    /// `{ /x ~= $0 }).map(/y)` are operators), or be followed by `/` or `*` (a comment).
    @inline(never)
    mutating func scanBareRegex() -> Bool {
        guard let first = byte(at: position + 1), first != .space, first != .tab, first != .newline,
              first != .carriageReturn, first != .slash, first != .star, first != .equal
        else { return false }
        let start = position
        position += 1
        if scanRegexBody(closingHashes: 0, allowsNewlines: false, rejectsUnbalancedParen: true) {
            let following = byte(at: position)
            if bytes[position - 2] != .space, bytes[position - 2] != .tab, following != .slash, following != .star {
                return true
            }
        } else {
            bareRegexSearchedUntil = position
        }
        position = start
        return false
    }

    /// Scans to the closing `/` (plus `#`s); on failure leaves `position` at the line break, the end, or (with
    /// `rejectsUnbalancedParen`) the `)` that closes a group never opened in the regex.
    mutating func scanRegexBody(closingHashes: Int, allowsNewlines: Bool, rejectsUnbalancedParen: Bool = false) -> Bool {
        var inCharacterClass = 0
        var groupDepth = 0
        while position < bytes.count {
            let current = bytes[position]
            switch current {
            case .backslash:
                position = min(position + 2, bytes.count)
                continue
            case .leftBracket:
                inCharacterClass += 1
            case .rightBracket:
                if inCharacterClass > 0 { inCharacterClass -= 1 }
            case .leftParen where inCharacterClass == 0:
                groupDepth += 1
            case .rightParen where inCharacterClass == 0:
                if groupDepth == 0 && rejectsUnbalancedParen { return false }
                groupDepth = max(0, groupDepth - 1)
            case .newline, .carriageReturn:
                if !allowsNewlines { return false }
            case .slash where inCharacterClass == 0 && hashesFollow(count: closingHashes, at: position + 1):
                position += 1 + closingHashes
                return true
            default:
                break
            }
            position += 1
        }
        return false
    }
}
