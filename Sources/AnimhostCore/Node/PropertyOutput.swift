/// How the renderer shows a property: its ``NodeProperty/drawing`` column. The engine only declares
/// it; the renderer's table-driven test holds the renderer to it (a property marked drawn whose
/// sample leaves the pixels as they were fails).
public enum PropertyDrawing: Sendable, Equatable {
    /// A change shows in the frame's pixels.
    case drawn
    /// Nothing on screen shows it, for the reason given (an instruction to the host, a name).
    case notDrawn(String)
}

/// How an export carries a property: a column of ``NodeProperty`` per export (``NodeProperty/lottie``).
/// The export's documentation and its run summary take their notes from here, and its table-driven
/// test holds the export to it (an exported property whose sample leaves the document as it was fails).
public enum PropertyExport: Sendable, Equatable {
    /// Carried as the renderer draws it.
    case exported
    /// Carried, with the difference the note names.
    case approximated(String)
    /// Left out, with the note saying what the document shows instead.
    case dropped(String)

    /// The note of an approximated or dropped property; nil for an exported one.
    public var note: String? {
        switch self {
        case .exported: return nil
        case .approximated(let note), .dropped(let note): return note
        }
    }
}
