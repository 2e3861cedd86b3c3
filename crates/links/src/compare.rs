//! Then and now for every link (issue 49): each link also resolved by other modes, to
//! compare ([`LinkLister::compare`]), with the library's classes of each difference
//! ([`rfc1738::resolution::compare`]).
//!
//! Each mode compared has a link list of its own (a "shadow"), given the same tokens as the
//! page's: the same code resolves every link in every mode (the base given as each mode
//! takes it, `BASE HREF` as each mode reads it), and then each element's call as NCSA
//! Mosaic made it is applied to every mode's answer (the CERN mode's shadow made the calls
//! themselves): an image keeps no fragment, a `GET` form's `ACTION` neither query nor
//! fragment. What is compared is where the link leads by each mode's rules, not how the
//! elements were treated.

use super::{before_query, CernCall, Link, LinkError, LinkLister, Links};
use crate::token::TagToken;
use rfc1738::resolution::{Comparison, ResolveMode};
use std::io::{self, Read};

impl LinkLister {
    /// Resolves each link by each of `modes` too, to compare them: every [`Link`] then has
    /// its [`comparison`](Link::comparison), each mode's result and the classes of their
    /// differences ([`rfc1738::resolution::DifferenceClass`]). No modes (the default): no
    /// comparison.
    ///
    /// Each mode's result is the one [`mode`](LinkLister::mode) with that mode gives (the
    /// page's base, `BASE HREF`, the CERN library's per-element calls), with NCSA Mosaic
    /// 2.7b5's treatment of the element applied to every mode: an image (`IMG SRC`, `INPUT
    /// SRC`) keeps no fragment, a `GET` form's `ACTION` neither its query nor its fragment
    /// (the form's data replaced them). So the comparison says where a link leads by each
    /// mode's rules of resolution, as the same browser would have followed it; in the
    /// CERN mode it is the link's own result.
    ///
    /// ```
    /// use rfc1738::resolution::ResolveMode;
    /// use rfc1738_links::LinkLister;
    ///
    /// let page = r#"<A HREF="..">up</A> <A HREF="Status.html">status</A>
    /// <IMG SRC="http://info.cern.ch.:80/icons/www.gif#x">"#;
    /// let links = LinkLister::new()
    ///     .base("http://info.cern.ch/hypertext/WWW/TheProject.html")
    ///     .compare(&[ResolveMode::Cern, ResolveMode::Rfc1808])
    ///     .links(page);
    /// let classes = |link: &rfc1738_links::Link| {
    ///     link.comparison().unwrap().classes().names().collect::<Vec<_>>()
    /// };
    /// assert_eq!(classes(&links[0]), ["dot-segments"]);
    /// assert!(!links[1].comparison().unwrap().differ());
    /// // The CERN library dropped the trailing dot and the port 80 (an image keeps no
    /// // fragment in either mode, as Mosaic called the library for it).
    /// assert_eq!(classes(&links[2]), ["trailing-dot", "default-port"]);
    /// ```
    pub fn compare(mut self, modes: &[ResolveMode]) -> LinkLister {
        self.compare = modes.to_vec();
        self
    }

    /// The modes each link is compared in ([`LinkLister::compare`]); empty for none.
    pub fn compared_modes(&self) -> &[ResolveMode] {
        &self.compare
    }
}

impl Link {
    /// The link resolved by each mode of [`LinkLister::compare`], and their differences;
    /// `None` when no modes were given. A mode that gives no result has its error (a
    /// [`LinkError`], as the link itself would have in that mode).
    pub fn comparison(&self) -> Option<&Comparison<LinkError>> {
        self.comparison.as_ref()
    }
}

/// A link list for each mode `lister` compares, reading nothing of its own.
pub(super) fn shadows(lister: &LinkLister) -> Vec<Links<io::Empty>> {
    lister
        .compare
        .iter()
        .map(|&mode| {
            let mut shadow = lister.clone().mode(mode);
            shadow.compare = Vec::new();
            shadow.links_reader(io::empty())
        })
        .collect()
}

impl<R: Read> Links<R> {
    /// The links of one token, queued, each with its comparison when modes are compared:
    /// every shadow reads the same token, which gives the same links in the same order.
    pub(super) fn read_compared(&mut self, token: TagToken) {
        if self.shadows.is_empty() {
            return self.read(token);
        }
        let before = self.pending.len();
        let post = match &token {
            TagToken::Tag { attributes, .. } => attributes.iter().any(|attribute| {
                attribute.name == "method"
                    && attribute
                        .value
                        .as_deref()
                        .is_some_and(|value| value.eq_ignore_ascii_case("post"))
            }),
            TagToken::Skipped { .. } => false,
        };
        for shadow in &mut self.shadows {
            shadow.read(token.clone());
        }
        self.read(token);
        let modes: Vec<ResolveMode> = self
            .shadows
            .iter()
            .map(|shadow| shadow.lister.mode)
            .collect();
        for link in self.pending.iter_mut().skip(before) {
            let call = CernCall::of(&link.element, post);
            let results = self
                .shadows
                .iter_mut()
                .zip(&modes)
                .map(|(shadow, &mode)| {
                    let result = match shadow.pending.pop_front() {
                        Some(theirs) => theirs.result,
                        // Never: the same token gives the same links.
                        None => Err(LinkError::NoBase),
                    };
                    (mode, as_called(result, mode, call))
                })
                .collect();
            link.comparison = Some(Comparison::of(
                link.href.as_deref().unwrap_or_default(),
                results,
            ));
        }
        for shadow in &mut self.shadows {
            shadow.pending.clear();
        }
    }
}

/// A mode's answer for an element as NCSA Mosaic 2.7b5 called the library for it (the CERN
/// mode's shadow made that call itself): an image's without its fragment, a `GET` form's
/// without its query and fragment.
fn as_called(
    result: Result<String, LinkError>,
    mode: ResolveMode,
    call: CernCall,
) -> Result<String, LinkError> {
    if mode == ResolveMode::Cern {
        return result;
    }
    result.map(|result| match call {
        CernCall::KeepAnchor => result,
        CernCall::NoAnchor => match result.split_once('#') {
            Some((before, _)) => before.to_owned(),
            None => result,
        },
        CernCall::FormGet => before_query(&result).to_owned(),
    })
}
