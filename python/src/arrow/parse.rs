//! The rows of `arrow.parse`, written from the typed reference: a valid URL's entries
//! ([`rfc1738::UrlReference::each_entry`], the values `parse --json` writes) go straight into
//! their columns, by a plan made once per kind of URL (the column of each entry, in the
//! order the kind gives them), with no name looked up per row. An invalid input's row is
//! written from its error the same way ([`ParseRows::push_invalid`]): the fields the report
//! serializes for it (`input`, `valid`, `kind`, `scheme`, `error`), each into its column.

use super::columns::{Data, Table, SKIPPED};
use super::rows::{RowError, Rows};
use super::schema;
use rfc1738::reports::{EntryValue, InputForm, ParseReport};
use rfc1738::schemes::GenericForm;
use rfc1738::{Dialect, Url, UrlKind, UrlReference};

/// The generic forms, in the order of a plan's index.
const FORMS: [GenericForm; 6] = [
    GenericForm::Opaque,
    GenericForm::IpSchemepart,
    GenericForm::Uri,
    GenericForm::HierPart,
    GenericForm::OpaquePart,
    GenericForm::RelativeUri,
];

/// The rows of the reports of a column of URLs.
pub(crate) struct ParseRows {
    rows: Rows,
    dialect: Dialect,
    /// The column of `valid`.
    valid: usize,
    /// The column of `input`.
    input: usize,
    /// The columns of an invalid input's `kind`, `scheme` and `error`.
    kind: usize,
    scheme: usize,
    error: usize,
    /// For each kind of URL and generic form, the column of each of its entries
    /// ([`SKIPPED`] for one not kept), made when the first URL of the kind comes.
    plans: Vec<Option<Vec<usize>>>,
}

impl ParseRows {
    /// No rows yet, room for `capacity`.
    pub(crate) fn new(dialect: Dialect, capacity: usize) -> ParseRows {
        let columns = schema::parse_columns();
        let at = |name: &str| schema::column_at(&columns, name);
        let (valid, input) = (at("valid"), at("input"));
        let (kind, scheme, error) = (at("kind"), at("scheme"), at("error"));
        ParseRows {
            rows: Rows::new(&columns, schema::PARSE_SKIPPED, capacity),
            dialect,
            valid,
            input,
            kind,
            scheme,
            error,
            plans: vec![None; UrlKind::ALL.len() * FORMS.len()],
        }
    }

    /// The report of `input` as the next row; a null row for a null input.
    pub(crate) fn push(&mut self, input: Option<&str>) -> Result<(), RowError> {
        let Some(input) = input else {
            self.rows.push_null();
            return Ok(());
        };
        let form = InputForm::Reference;
        // A valid reference stays where it was read: only an error becomes a report (for
        // the scheme a report names), so that a valid row moves and drops no report.
        let reference = match form.read(input, self.dialect) {
            Ok(reference) => reference,
            Err(error) => {
                return self.push_invalid(input, &ParseReport::of(input, form, Err(error)))
            }
        };
        let reference = &reference;
        let slot = plan_slot(reference.url());
        let (row, table) = self.rows.current();
        if self.plans[slot].is_none() {
            self.plans[slot] = Some(plan(table, reference)?);
        }
        let mut plan = self.plans[slot].as_deref().unwrap_or_default().iter();
        table.column(self.valid).flag(row, true);
        if !table.column(self.input).text(row, input) {
            return Err(RowError("the input does not fit its column".to_owned()));
        }
        let mut misfit = None;
        reference.each_entry(|name, value| {
            // A skipped entry has no column ([`SKIPPED`] is no index).
            let Some(column) = plan.next().and_then(|&index| table.columns.get_mut(index)) else {
                return;
            };
            let written = match value {
                EntryValue::Text(Some(text)) => column.text(row, &text),
                EntryValue::Flag(flag) => column.flag(row, flag),
                EntryValue::Number(Some(number)) => column.number(row, number.into()),
                EntryValue::Segments(Some(segments)) => {
                    column.texts(row, segments.map(|segment| segment.as_str()))
                }
                EntryValue::Fields(fields) => column.pairs(row, fields.into_iter()),
                // A null is written by not writing (the column's nulls are filled in later).
                EntryValue::Text(None) | EntryValue::Number(None) | EntryValue::Segments(None) => {
                    true
                }
                _ => false,
            };
            if !written {
                misfit.get_or_insert(name);
            }
        });
        if let Some(name) = misfit {
            return Err(RowError(format!(
                "the field {name:?} does not fit its column"
            )));
        }
        self.rows.end_row();
        Ok(())
    }
}

impl ParseRows {
    /// An invalid input's row: `input`, `valid` (false), `kind` and `scheme` (null when
    /// none), and `error` (`code`, `offset`, `char_offset`, `expected`, `message`), the
    /// fields and values [`ParseReport`]'s `Serialize` gives it.
    fn push_invalid(&mut self, input: &str, report: &ParseReport<'_>) -> Result<(), RowError> {
        let misfit = |name: &str| {
            Err(RowError(format!(
                "the field {name:?} does not fit its column"
            )))
        };
        let scheme = report.invalid_scheme();
        let Err(error) = report.result() else {
            return misfit("valid");
        };
        let (row, table) = self.rows.current();
        if !table.column(self.input).text(row, input) {
            return misfit("input");
        }
        table.column(self.valid).flag(row, false);
        if let Some(kind) = error.url_kind() {
            if !table.column(self.kind).text(row, kind.name()) {
                return misfit("kind");
            }
        }
        if let Some(scheme) = &scheme {
            if !table.column(self.scheme).text(row, scheme) {
                return misfit("scheme");
            }
        }
        let column = table.column(self.error);
        column.fill(row);
        column.wrote(row);
        let Data::Struct(fields, nulls) = &mut column.data else {
            return misfit("error");
        };
        nulls.append_non_null();
        // The struct's fields in `schema::PARSE_ERROR_FIELDS`'s order.
        let [code, offset, char_offset, expected, message] = [0, 1, 2, 3, 4];
        let columns = &mut fields.columns;
        let written = columns
            .get_mut(code)
            .is_some_and(|c| c.text(row, error.kind().code()))
            && columns
                .get_mut(offset)
                .is_some_and(|c| c.number(row, error.offset() as i128))
            && columns
                .get_mut(char_offset)
                .is_some_and(|c| c.number(row, error.char_offset() as i128))
            && columns
                .get_mut(expected)
                .is_some_and(|c| c.texts(row, error.expected().iter().map(|name| name.as_ref())))
            && columns
                .get_mut(message)
                .is_some_and(|c| c.display(row, error.kind()));
        if !written {
            return misfit("error");
        }
        self.rows.end_row();
        Ok(())
    }
}

impl From<ParseRows> for Rows {
    fn from(rows: ParseRows) -> Rows {
        rows.rows
    }
}

/// The plan of a URL's kind and form.
fn plan_slot(url: &Url<'_>) -> usize {
    let kind = url.kind();
    let kind = UrlKind::ALL
        .iter()
        .position(|&each| each == kind)
        .unwrap_or_default();
    let form = match url {
        Url::Generic(generic) => generic.form(),
        _ => GenericForm::Opaque,
    };
    let form = FORMS
        .iter()
        .position(|&each| each == form)
        .unwrap_or_default();
    kind * FORMS.len() + form
}

/// The column of each entry of a reference of this kind and form.
fn plan(table: &mut Table, reference: &UrlReference<'_>) -> Result<Vec<usize>, RowError> {
    let mut previous = table.columns.len();
    reference
        .entries()
        .map(|(name, _)| {
            let column = table
                .lookup(previous, name)
                .ok_or_else(|| RowError(format!("the report's field {name:?} has no column")))?;
            if column != SKIPPED {
                previous = column;
            }
            Ok(column)
        })
        .collect()
}
