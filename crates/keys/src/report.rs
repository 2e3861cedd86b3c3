//! [`KeyReport`]: one line of `rfc1738 key --json`, one row of the Python and Arrow keys.

#[cfg(doc)]
use crate::merges;
use crate::{key, surt, KeyError, Merge, Style};

/// An input's key in one style, or why it has none; for the scheme-aware style, also the
/// surt style's key and what it merges ([`merges`]). Serialized (feature `serde`) as
/// `{"input", "style", "key"}` (`"error"` instead of `"key"`: the parse error's object, or
/// `{"surt": MESSAGE}`), and for the scheme-aware style `"surt"` (the key, or `null` when
/// surt raises) and `"merges"` (names of [`Merge`]).
///
/// ```
/// use rfc1738_keys::{KeyReport, Style};
/// let report = KeyReport::of("telnet://fedix@fedix.fie.com/", Style::Rfc1738);
/// assert_eq!(report.key(), Some("telnet://(com,fie,fedix,@fedix)"));
/// assert_eq!(report.merges().iter().map(|m| m.name()).collect::<Vec<_>>(), ["scheme", "login"]);
/// ```
#[derive(Debug, Clone)]
pub struct KeyReport<'i> {
    input: &'i str,
    style: Style,
    key: Result<String, KeyError>,
    surt: Option<Result<String, surt::SurtError>>,
    merges: Vec<Merge>,
}

impl<'i> KeyReport<'i> {
    /// The key of `input` in `style`, and for [`Style::Rfc1738`] the comparison with
    /// [`Style::Surt`].
    pub fn of(input: &'i str, style: Style) -> KeyReport<'i> {
        match style {
            Style::Surt => KeyReport::key_only(input, style),
            Style::Rfc1738 => {
                let reference = rfc1738::parse_reference(
                    crate::without_angle_brackets(input),
                    rfc1738::Dialect::Rfc1738,
                );
                let (key, merges) = match &reference {
                    Ok(reference) => {
                        let (key, rest_start) =
                            crate::rfc1738_key::key_and_rest_of_normal(&reference.normalized_url());
                        let merges = crate::merges::merges_of(reference.url(), &key, rest_start);
                        (Ok(key), merges)
                    }
                    Err(error) => (Err(KeyError::Rfc1738(error.clone())), Vec::new()),
                };
                KeyReport {
                    input,
                    style,
                    key,
                    surt: Some(surt::surt(input)),
                    merges,
                }
            }
        }
    }

    /// The key of `input` in `style` alone, without the comparison with the other style
    /// ([`KeyReport::surt`] is `None` and [`KeyReport::merges`] empty in either style): a
    /// key column's rows where only the key is wanted (`rfc1738.arrow.keys(...,
    /// compare=False)`), at the cost of the key alone.
    ///
    /// ```
    /// use rfc1738_keys::{KeyReport, Style};
    /// let report = KeyReport::key_only("gopher://h:70/1", Style::Rfc1738);
    /// assert_eq!(report.key(), Some("gopher://(h,)/"));
    /// assert_eq!(report.surt(), None);
    /// assert_eq!(KeyReport::of("gopher://h:70/1", Style::Rfc1738).key(), report.key());
    /// ```
    pub fn key_only(input: &'i str, style: Style) -> KeyReport<'i> {
        KeyReport {
            input,
            style,
            key: key(input, style),
            surt: None,
            merges: Vec::new(),
        }
    }

    /// The input.
    pub fn input(&self) -> &'i str {
        self.input
    }

    /// The style.
    pub fn style(&self) -> Style {
        self.style
    }

    /// The key, when the input has one.
    pub fn key(&self) -> Option<&str> {
        self.key.as_deref().ok()
    }

    /// Why the input has no key.
    pub fn error(&self) -> Option<&KeyError> {
        self.key.as_ref().err()
    }

    /// For [`Style::Rfc1738`]: the surt style's key of the same input (an error when surt
    /// raises); `None` in the surt style.
    pub fn surt(&self) -> Option<Result<&str, &surt::SurtError>> {
        self.surt.as_ref().map(|surt| surt.as_deref())
    }

    /// For [`Style::Rfc1738`] and a valid URL: what the surt key merges that this key keeps
    /// apart.
    pub fn merges(&self) -> &[Merge] {
        &self.merges
    }
}

/// The error of the surt style in a report: `{"surt": MESSAGE}`, written as a map (as
/// every object of the reports, which the Arrow rows read).
#[cfg(feature = "serde")]
struct SurtRaises<'a> {
    surt: &'a str,
}

#[cfg(feature = "serde")]
impl serde::Serialize for SurtRaises<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry("surt", self.surt)?;
        map.end()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for KeyReport<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("input", self.input)?;
        map.serialize_entry("style", self.style.name())?;
        match &self.key {
            Ok(key) => map.serialize_entry("key", key)?,
            Err(KeyError::Rfc1738(error)) => map.serialize_entry("error", error)?,
            Err(KeyError::Surt(error)) => map.serialize_entry(
                "error",
                &SurtRaises {
                    surt: &error.message,
                },
            )?,
        }
        if let Some(surt) = &self.surt {
            map.serialize_entry("surt", &surt.as_ref().ok())?;
            if self.key.is_ok() {
                let names: Vec<&str> = self.merges.iter().map(|merge| merge.name()).collect();
                map.serialize_entry("merges", &names)?;
            }
        }
        map.end()
    }
}
