extension Int {
    /// 1234567 → "1,234,567": how reports print counts.
    public var grouped: String {
        let digits = String(magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (self < 0 ? "-" : "") + out
    }
}
