//! `waisurl = waisdatabase | waisindex | waisdoc` (RFC 1738 section 3.9).

use super::authority::{Authority, authority_setters};
use super::text::{BuildError, finish_as, push};
use crate::ast::scheme::WaisUrl;
use crate::vocabulary::encode::charset;

/// Builds a [`WaisUrl`]: a database, a search in it, or a document of it.
///
/// ```
/// use rfc1738::schemes::WaisUrl;
///
/// let url = WaisUrl::builder("quake.think.com", "directory-of-servers").search("wais gateway").build().unwrap();
/// assert_eq!(url.as_str(), "wais://quake.think.com/directory-of-servers?wais%20gateway");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaisBuilder {
    authority: Authority,
    database: Vec<u8>,
    form: Form,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Form {
    Database,
    Index(Vec<u8>),
    Document { wtype: Vec<u8>, wpath: Vec<u8> },
}

impl WaisUrl<'static> {
    /// A builder for a WAIS database on `host` (`database`, `wtype` and `wpath` are
    /// escaped by [`charset::WAIS`](crate::encoding::charset::WAIS): `*uchar`).
    pub fn builder(host: impl Into<String>, database: impl AsRef<[u8]>) -> WaisBuilder {
        WaisBuilder {
            authority: Authority::new(host),
            database: database.as_ref().to_vec(),
            form: Form::Database,
        }
    }
}

impl WaisBuilder {
    /// A search of the database (`waisindex`); replaces a document given before.
    pub fn search(mut self, search: impl AsRef<[u8]>) -> Self {
        self.form = Form::Index(search.as_ref().to_vec());
        self
    }

    /// A document of the database (`waisdoc`); replaces a search given before.
    pub fn document(mut self, wtype: impl AsRef<[u8]>, wpath: impl AsRef<[u8]>) -> Self {
        self.form = Form::Document {
            wtype: wtype.as_ref().to_vec(),
            wpath: wpath.as_ref().to_vec(),
        };
        self
    }

    /// The URL.
    pub fn build(&self) -> Result<WaisUrl<'static>, BuildError> {
        let mut text = String::from("wais://");
        self.authority.push_hostport(&mut text)?;
        text.push('/');
        push(&mut text, &self.database, &charset::WAIS);
        match &self.form {
            Form::Database => {}
            Form::Index(search) => {
                text.push('?');
                push(&mut text, search, &charset::SEARCH);
            }
            Form::Document { wtype, wpath } => {
                text.push('/');
                push(&mut text, wtype, &charset::WAIS);
                text.push('/');
                push(&mut text, wpath, &charset::WAIS);
            }
        }
        finish_as!(text, Wais)
    }
}

authority_setters!(WaisBuilder);
