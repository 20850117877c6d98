import Foundation

/// The fenced samples of a Markdown file and how each is tested, from the HTML comment on the line before
/// its fence: `<!-- doctest: KIND [ARGUMENT] -->` (docs/testing.md, "Samples in the documentation").
struct DocSample {
    /// How a sample is tested.
    enum Kind: Equatable {
        /// A shell script run with bash in the document's scratch folder; it must succeed (or fail, `fails`).
        case run(expectFailure: Bool)
        /// A file saved at this path of the scratch folder, for the samples after it.
        case file(String)
        /// Lines that the last `run` printed, in order; `…` stands for any text within a line.
        case prints
        /// Swift whose every code line is in this file of the repository, which the build compiles.
        case compiled(String)
        /// Not run, for the reason given.
        case skip(String)
        /// A fence with no comment whose language needs one (Lua, Swift, JSON): an error.
        case unsaid
        /// A listing with no language and no comment: not a sample.
        case listing
    }

    let file: String
    let line: Int
    let language: String
    let kind: Kind
    let text: String

    /// The samples of `markdown`, in order; `file` names it in messages.
    static func parse(_ markdown: String, file: String) -> [DocSample] {
        let lines = markdown.components(separatedBy: "\n")
        var samples: [DocSample] = []
        var index = 0
        while index < lines.count {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("```") else {
                index += 1
                continue
            }
            let language = String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            let indent = lines[index].prefix { $0 == " " }.count
            var end = index + 1
            while end < lines.count, !lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("```") { end += 1 }
            let body = lines[(index + 1)..<min(end, lines.count)].map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
            let comment = index > 0 ? annotation(lines[index - 1]) : nil
            samples.append(
                DocSample(file: file, line: index + 1, language: language, kind: kind(comment, language: language), text: body.joined(separator: "\n") + "\n"))
            index = end + 1
        }
        return samples
    }

    /// The text of a `<!-- doctest: … -->` line.
    private static func annotation(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<!-- doctest:"), trimmed.hasSuffix("-->") else { return nil }
        return String(trimmed.dropFirst("<!-- doctest:".count).dropLast(3)).trimmingCharacters(in: .whitespaces)
    }

    private static func kind(_ comment: String?, language: String) -> Kind {
        guard let comment else {
            switch language {
            case "sh", "bash", "shell": return .run(expectFailure: false)
            case "": return .listing
            default: return .unsaid
            }
        }
        let word = comment.prefix { $0 != " " }
        let argument = comment.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
        switch word {
        case "run": return .run(expectFailure: false)
        case "fails": return .run(expectFailure: true)
        case "file" where !argument.isEmpty: return .file(argument)
        case "prints": return .prints
        case "compiled" where !argument.isEmpty: return .compiled(argument)
        case "skip" where !argument.isEmpty: return .skip(argument)
        default: return .unsaid
        }
    }
}

extension DocSample {
    /// Whether every line of this `prints` sample occurs in `output`, in order; `…` matches any text.
    func isPrinted(in output: String) -> Bool {
        var remaining = output.components(separatedBy: "\n")[...]
        for wanted in text.components(separatedBy: "\n") where !wanted.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let hit = remaining.firstIndex(where: { Self.matches($0, wanted) }) else { return false }
            remaining = remaining[(hit + 1)...]
        }
        return true
    }

    private static func matches(_ line: String, _ pattern: String) -> Bool {
        var rest = Substring(line)
        for piece in pattern.trimmingCharacters(in: .whitespaces).components(separatedBy: "…") where !piece.isEmpty {
            let piece = piece.trimmingCharacters(in: .whitespaces)
            guard let range = rest.range(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }

    /// The paragraphs of this Swift sample that `source` lacks: each run of lines between blank lines must
    /// be in it as written, comments and spacing aside.
    func paragraphsMissing(from source: String) -> [String] {
        let code = Self.squeezed(source)
        return text.components(separatedBy: "\n\n").filter { !code.contains(Self.squeezed($0)) }
    }

    /// Swift code without its `//` comments and white space.
    private static func squeezed(_ swift: String) -> String {
        swift.components(separatedBy: "\n").map { line in
            let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
            return code.filter { !$0.isWhitespace }
        }.joined()
    }
}
