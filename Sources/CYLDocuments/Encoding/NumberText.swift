extension Double {
    /// The number as messages, JSON and info print it: `60` rather than `60.0` for whole numbers
    /// that an `Int` holds exactly (below 10^15 in size), else Swift's own shortest form (`2.5`,
    /// `1e+300`, `nan`). One rule, so a value reads the same in every command and file we write.
    public var compactText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
