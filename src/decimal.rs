//! Decimal numbers as text (SVG coordinates, file sizes), written without Rust's float
//! formatter: it costs about 10 KB of the page's wasm, and no number shown needs over two decimals.

/// `x` rounded to two decimals, without trailing zeros ("12", "3.5", "-0.25").
pub fn num(x: f64) -> String {
    let hundredths = (x * 100.0).round() as i64;
    let sign = if hundredths < 0 { "-" } else { "" };
    let (whole, frac) = (hundredths.unsigned_abs() / 100, hundredths.unsigned_abs() % 100);
    match frac {
        0 => format!("{sign}{whole}"),
        f if f % 10 == 0 => format!("{sign}{whole}.{}", f / 10),
        f => format!("{sign}{whole}.{f:02}"),
    }
}

#[cfg(test)]
mod tests {
    use super::num;

    #[test]
    fn writes_what_the_float_formatter_writes_to_two_decimals() {
        for x in [0.0, 12.0, 3.5, -0.25, 51.2, 99.99, -7.0, 612.0, 0.05, -0.5] {
            assert_eq!(num(x), format!("{x}"), "{x}");
        }
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
    }
}
