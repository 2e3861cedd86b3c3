//! `gopherurl = "gopher://" hostport [ / [ gtype [ selector [ "%09" search [ "%09"
//! gopher+_string ]]]]]` (RFC 1738 section 3.4).

use super::authority::{Authority, authority_setters};
use super::text::{BuildError, finish_as, push};
use crate::ast::scheme::GopherUrl;
use crate::vocabulary::encode::charset;

/// Builds a [`GopherUrl`] from decoded components.
///
/// The gopher protocol sends `selector TAB search TAB gopher+_string`; the URL writes each
/// TAB as `%09`, and every octet outside its field's set
/// ([`charset::SELECTOR`](crate::encoding::charset::SELECTOR), [`charset::SEARCH`](crate::encoding::charset::SEARCH),
/// [`charset::GOPHER_PLUS`](crate::encoding::charset::GOPHER_PLUS)) as `%XX`. A selector or a
/// search cannot hold a TAB (section 3.4: the TAB is the protocol's separator, which the
/// URL writes `%09`): one given there is a [`BuildError::NotAllowed`], not moved into the
/// next field. A Gopher+ string may hold TABs (an ASK form's lines).
///
/// ```
/// use rfc1738::schemes::GopherUrl;
///
/// let url = GopherUrl::builder("gopher.micro.umn.edu")
///     .item_type(b'7')
///     .selector("a gopher selector")
///     .search("foo bar")
///     .build()
///     .unwrap();
/// assert_eq!(url.as_str(), "gopher://gopher.micro.umn.edu/7a%20gopher%20selector%09foo%20bar");
///
/// let tab = GopherUrl::builder("h").item_type(b'0').selector("a\tb").build().unwrap_err();
/// assert!(tab.to_string().starts_with("the selector \"a\\tb\" cannot be written in a URL"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GopherBuilder {
    authority: Authority,
    item_type: Option<u8>,
    selector: Option<Vec<u8>>,
    search: Option<Vec<u8>>,
    gopher_plus: Option<Vec<u8>>,
}

impl GopherUrl<'static> {
    /// A builder for a gopher URL on `host`.
    pub fn builder(host: impl Into<String>) -> GopherBuilder {
        GopherBuilder {
            authority: Authority::new(host),
            item_type: None,
            selector: None,
            search: None,
            gopher_plus: None,
        }
    }
}

impl GopherBuilder {
    /// The item type (`gtype`, one octet: `0` a document, `1` a directory, `7` a search...).
    pub fn item_type(mut self, item_type: u8) -> Self {
        self.item_type = Some(item_type);
        self
    }

    /// The selector (needs an item type).
    pub fn selector(mut self, selector: impl AsRef<[u8]>) -> Self {
        self.selector = Some(selector.as_ref().to_vec());
        self
    }

    /// The search string sent after the selector (needs an item type).
    pub fn search(mut self, search: impl AsRef<[u8]>) -> Self {
        self.search = Some(search.as_ref().to_vec());
        self
    }

    /// The Gopher+ string (an empty search goes before it when none is given).
    pub fn gopher_plus(mut self, gopher_plus: impl AsRef<[u8]>) -> Self {
        self.gopher_plus = Some(gopher_plus.as_ref().to_vec());
        self
    }

    /// The URL.
    pub fn build(&self) -> Result<GopherUrl<'static>, BuildError> {
        for (component, value) in [("selector", &self.selector), ("search", &self.search)] {
            if let Some(value) = value.as_deref().filter(|value| value.contains(&b'\t')) {
                return Err(BuildError::NotAllowed {
                    component,
                    value: String::from_utf8_lossy(value).into_owned(),
                    reason: "a TAB is the gopher protocol's separator (RFC 1738 section 3.4), which the URL writes %09: it cannot stand inside a selector or a search",
                });
            }
        }
        let mut text = String::from("gopher://");
        self.authority.push_hostport(&mut text)?;
        let has_path =
            self.selector.is_some() || self.search.is_some() || self.gopher_plus.is_some();
        match self.item_type {
            Some(item_type) => {
                text.push('/');
                push(&mut text, &[item_type], &charset::XCHAR);
            }
            None if has_path => {
                let component = if self.selector.is_some() {
                    "selector"
                } else {
                    "search"
                };
                return Err(BuildError::Missing {
                    component,
                    needs: "gtype (item type)",
                });
            }
            None => {}
        }
        if has_path {
            push_request(&mut text, &self.request());
        }
        finish_as!(text, Gopher)
    }

    /// The request the client sends: `selector [TAB search [TAB gopher+_string]]`.
    fn request(&self) -> Vec<u8> {
        let mut request = self.selector.clone().unwrap_or_default();
        if self.search.is_some() || self.gopher_plus.is_some() {
            request.push(b'\t');
            request.extend_from_slice(self.search.as_deref().unwrap_or_default());
        }
        if let Some(gopher_plus) = &self.gopher_plus {
            request.push(b'\t');
            request.extend_from_slice(gopher_plus);
        }
        request
    }
}

/// Writes a gopher request: each of the first two TABs as the `%09` separator, and each
/// field escaped by the set of its field (the builder refuses a TAB inside a selector or a
/// search, so each TAB here is a separator or part of the Gopher+ string).
fn push_request(text: &mut String, request: &[u8]) {
    let sets = [charset::SELECTOR, charset::SEARCH, charset::GOPHER_PLUS];
    let mut field = 0;
    for &octet in request {
        if octet == b'\t' && field < 2 {
            field += 1;
            text.push_str("%09");
        } else {
            push(text, &[octet], &sets[field]);
        }
    }
}

authority_setters!(GopherBuilder);
