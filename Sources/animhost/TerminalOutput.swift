import AnimhostCore
import Foundation

/// Writes `text` and a line feed to standard output, each control character in it shown as a
/// visible escape (``TerminalText``): plugin names, summaries, params and messages never drive the
/// terminal.
func say(_ text: String) {
    print(TerminalText.escaped(text))
}

/// Writes `text` and a line feed to standard error at once (unbuffered), escaped as ``say(_:)`` does.
func complain(_ text: String) {
    FileHandle.standardError.write(Data((TerminalText.escaped(text) + "\n").utf8))
}

/// Writes `text` to standard output at once (unbuffered), escaped as ``say(_:)`` does.
func sayNow(_ text: String) {
    FileHandle.standardOutput.write(Data((TerminalText.escaped(text) + "\n").utf8))
}
