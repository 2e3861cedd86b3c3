//! What the bench targets share: reading back the medians criterion wrote in this run.

use std::path::PathBuf;

/// The median of an estimate criterion wrote in this run for `group/name`, in nanoseconds
/// per iteration (criterion writes a `/` inside a name as `_` in its directory).
pub fn median_ns(group: &str, name: &str) -> Option<f64> {
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"),
        PathBuf::from,
    );
    let path = target
        .join("criterion")
        .join(group)
        .join(name.replace('/', "_"))
        .join("new/estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let median = text.split("\"median\":").nth(1)?;
    let point = median.split("\"point_estimate\":").nth(1)?;
    point.split([',', '}']).next()?.trim().parse().ok()
}
