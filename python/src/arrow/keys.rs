//! The rows of `arrow.keys`: a row with a key is written straight into its columns (`key`,
//! and with the comparison `surt` and `merges`), the fields `key --json` gives it; a row
//! without one through the report's `Serialize` (its error's fields, a rare row).

use super::rows::{RowError, Rows};
use super::schema;
use rfc1738_keys::{KeyReport, Style};

/// The rows of the keys of a column of URLs.
pub(crate) struct KeyRows {
    rows: Rows,
    style: Style,
    /// Whether each row carries the comparison with the surt style (`surt`, `merges`).
    compare: bool,
    /// The columns of `key`, `surt` and `merges`.
    key: usize,
    surt: usize,
    merges: usize,
}

impl KeyRows {
    /// No rows yet, room for `capacity`.
    pub(crate) fn new(style: Style, compare: bool, capacity: usize) -> KeyRows {
        let columns = schema::keys_columns();
        let at = |name: &str| schema::column_at(&columns, name);
        KeyRows {
            key: at("key"),
            surt: at("surt"),
            merges: at("merges"),
            rows: Rows::new(&columns, schema::KEYS_SKIPPED, capacity),
            style,
            compare,
        }
    }

    /// The row of one input: the fields and values [`KeyReport`]'s `Serialize` gives it.
    pub(crate) fn push(&mut self, input: &str) -> Result<(), RowError> {
        let report = match self.compare {
            true => KeyReport::of(input, self.style),
            false => KeyReport::key_only(input, self.style),
        };
        let Some(key) = report.key() else {
            return self.rows.push(&report);
        };
        let (row, table) = self.rows.current();
        let mut written = table.column(self.key).text(row, key);
        // `surt` (null where surt raises) and `merges`, with the comparison.
        if let Some(surt) = report.surt() {
            if let Ok(surt) = surt {
                written &= table.column(self.surt).text(row, surt);
            }
            written &= table
                .column(self.merges)
                .texts(row, report.merges().iter().map(|merge| merge.name()));
        }
        if !written {
            return Err(RowError("a key's field does not fit its column".to_owned()));
        }
        self.rows.end_row();
        Ok(())
    }

    /// A null row (a null input).
    pub(crate) fn push_null(&mut self) {
        self.rows.push_null();
    }
}

impl From<KeyRows> for Rows {
    fn from(rows: KeyRows) -> Rows {
        rows.rows
    }
}
