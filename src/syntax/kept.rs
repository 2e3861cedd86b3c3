//! The lists a tracing run records into ([`KeptList`]), kept on the thread between
//! diagnoses: a diagnosis takes its trace's lists from there and they go back when it is
//! done with them (when they are dropped), where each trace allocated two lists and freed
//! them (a tenth of a diagnosis, issue 50). A list goes back emptied; a trace that finds
//! none (the first, a third nested one, a thread ending) makes its own. About 2 KB a
//! thread that diagnoses.

use std::cell::Cell;
use std::ops::{Deref, DerefMut};
use std::thread::LocalKey;

/// Room for every literal and rule a choice of the grammars tries at one place (the
/// thirteen schemes of RFC 1630's `url`), so that a trace's lists do not grow.
const ROOM: usize = 32;

/// How many lists of each kind a thread keeps: a diagnosis runs at most one trace while
/// another's lists are held (the login's hostport, read again in place).
const KEEP: usize = 2;

/// The lists of one kind a thread keeps: a stack of `held` lists.
pub struct Kept<T> {
    held: Cell<usize>,
    lists: [Cell<Vec<T>>; KEEP],
}

impl<T> Kept<T> {
    /// No list kept.
    pub(crate) const fn none() -> Kept<T> {
        Kept {
            held: Cell::new(0),
            lists: [const { Cell::new(Vec::new()) }; KEEP],
        }
    }
}

/// What a trace records, with where the thread keeps lists of it: each grammar's rules
/// (`crate::syntax::compiled`'s `kept!`) and the literals.
pub trait Keep: Sized + 'static {
    /// The thread's kept lists.
    fn kept() -> &'static LocalKey<Kept<Self>>;
}

/// Implements [`Keep`] for each type, with a thread's lists of its own.
macro_rules! kept {
    ($($item:ty),*) => {$(
        impl $crate::syntax::kept::Keep for $item {
            fn kept() -> &'static std::thread::LocalKey<$crate::syntax::kept::Kept<Self>> {
                thread_local! {
                    static KEPT: $crate::syntax::kept::Kept<$item> =
                        const { $crate::syntax::kept::Kept::none() };
                }
                &KEPT
            }
        }
    )*};
}

pub(crate) use kept;

/// A literal expected somewhere, as a trace records it: its bytes and whether case is
/// ignored.
pub(crate) type Literal = (&'static [u8], bool);

kept!(Literal);

/// A list a trace records into: taken from the thread's kept lists (or made), given back
/// to them, emptied, when it is dropped. A `Vec` otherwise.
#[derive(Debug)]
pub(crate) struct KeptList<T: Keep>(Vec<T>);

impl<T: Keep> KeptList<T> {
    /// A list the thread keeps, or a new one with [`ROOM`].
    pub(crate) fn taken() -> KeptList<T> {
        let list = T::kept().try_with(|kept| {
            let held = kept.held.get().checked_sub(1)?;
            kept.held.set(held);
            Some(kept.lists.get(held)?.take())
        });
        KeptList(
            list.ok()
                .flatten()
                .unwrap_or_else(|| Vec::with_capacity(ROOM)),
        )
    }
}

impl<T: Keep> Drop for KeptList<T> {
    /// Keeps the list, emptied, on the thread, where there is room (else it is freed).
    fn drop(&mut self) {
        let mut list = std::mem::take(&mut self.0);
        list.clear();
        // A thread that is ending has no kept lists any more: the list is freed.
        let _ = T::kept().try_with(|kept| {
            let held = kept.held.get();
            if let Some(place) = kept.lists.get(held) {
                place.set(list);
                kept.held.set(held + 1);
            }
        });
    }
}

impl<T: Keep> From<Vec<T>> for KeptList<T> {
    fn from(list: Vec<T>) -> KeptList<T> {
        KeptList(list)
    }
}

impl<T: Keep> Deref for KeptList<T> {
    type Target = Vec<T>;

    fn deref(&self) -> &Vec<T> {
        &self.0
    }
}

impl<T: Keep> DerefMut for KeptList<T> {
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.0
    }
}
