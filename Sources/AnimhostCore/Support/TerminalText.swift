/// Text from plugins, specs, scenes and file names made safe to show in a terminal or a report.
///
/// A terminal obeys control characters: ESC starts sequences that move the cursor, recolour, retitle
/// the window or set the clipboard (OSC 52); CR and BS overwrite what was shown; bidirectional
/// overrides make a line read in another order than it is written. Each is shown as a visible
/// escape instead (`\x1b`, `\u202e`); line feeds and tabs stay.
public enum TerminalText {
    /// `text` with every character a terminal would act on written as a visible escape.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                out.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether a terminal would act on `scalar` rather than show it: C0 controls but line feed and
    /// tab, DEL, C1 controls, bidirectional marks, embeddings, overrides and isolates, and the
    /// noncharacters U+FFFE and U+FFFF (which no XML document may hold).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// `\xHH` for a character below 0x100, `\uHHHH` above.
    private static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return scalar.value < 0x100
            ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
            : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
