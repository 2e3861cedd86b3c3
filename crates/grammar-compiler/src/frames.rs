//! Where a run records what matched: the capture frames.
//!
//! A run records no list of nodes. Each rule that makes a node (a non-silent rule) has a
//! frame, a fixed stretch of the run's slots: first one slot for each child it can match
//! (a [`Key`]: a child rule, and which of its matches), then the frames of those
//! children, at offsets fixed at build time. When a child matches, its span is written to
//! its slot, and its own children to its frame. The grammars refer to no rule from
//! inside itself, so every frame has a size known here, and the run's slots are one
//! array of the entry rule's frame size (for the diagnosis's runs, the largest).
//!
//! A slot holds what pest's tree holds at that place, or nothing:
//! - a rule resets its slots when it starts, so a slot is never left from an earlier try;
//! - an expression that catches a failure (an option, an alternative of a choice, a
//!   lookahead) resets the slots of the children that the failed part may have written;
//!   a repetition restores the frame it had before the round that failed;
//! - a child that matches more than once in one match of its parent has one slot per
//!   match when every path through the parent matches it the same number of times before
//!   each place it stands (`hostnumber`'s four `digits`, [`Which::Nth`]); otherwise one
//!   slot that holds its last match ([`Which::Last`]: a child inside a repetition);
//! - the alternatives of a choice share the room of their children's frames when no child
//!   stands in two of them (the productions of `url`: one frame as big as the largest).

use crate::sets::Rules;
use pest_meta::optimizer::OptimizedExpr as Expr;
use std::collections::{BTreeMap, HashMap};

/// Which match of a child a slot holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Which {
    /// The match with this many matches of the same child before it.
    Nth(usize),
    /// The last match.
    Last,
    /// A match inside a lookahead (the n-th such place), which is never kept: its slot
    /// is reset when the lookahead ends, as pest keeps no node of a lookahead.
    Lookahead(usize),
}

/// A slot of a frame: a child rule and which of its matches.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    pub child: String,
    pub which: Which,
}

/// A rule's frame.
#[derive(Debug)]
pub struct Frame {
    /// Slot `i` holds `keys[i]`.
    pub keys: Vec<Key>,
    /// The key of each place in the rule's body where a child stands, in the order the
    /// compiler meets them (see [`Frames::walk_order`]).
    pub places: Vec<usize>,
    /// Where each key's child frame begins, from the start of this frame.
    pub child_frames: Vec<usize>,
    /// The slots of this frame and of every frame inside it.
    pub size: usize,
}

/// The frames of every rule that makes a node.
pub struct Frames {
    pub by_rule: HashMap<String, Frame>,
    /// Where the children's frames begin in the frame of a rule that is one of the
    /// alternatives of a [`SharedStart`]: after as many slots as the alternative with the
    /// most has, so that the start's children have their frames at the same places in each.
    child_base: HashMap<String, usize>,
}

/// A choice whose alternatives are each a child alone, and whose rules' bodies start with
/// the same parts (`waisurl = waisdoc | waisindex | waisdatabase`, each `"wais://" hostport
/// "/" database ...`): the compiled choice reads the start once.
pub struct SharedStart<'e> {
    /// The alternatives' rules, in order.
    pub members: Vec<String>,
    /// Each member's body, as the parts of its sequence.
    pub bodies: Vec<Vec<&'e Expr>>,
    /// How many parts start every body alike.
    pub parts: usize,
}

/// The [`SharedStart`] of a choice's `alternatives`, when they have one of two or more
/// parts.
pub fn shared_start<'e>(rules: &Rules<'e>, alternatives: &[&Expr]) -> Option<SharedStart<'e>> {
    let mut members = Vec::new();
    for alternative in alternatives {
        match alternative {
            Expr::Ident(name) if rules.is_node(name) => members.push(name.clone()),
            _ => return None,
        }
    }
    if members.len() < 2 {
        return None;
    }
    let bodies: Vec<Vec<&'e Expr>> = members
        .iter()
        .map(|name| {
            let mut parts = Vec::new();
            crate::expr::flatten_sequence(&rules.get(name).expect("a rule").expr, &mut parts);
            parts
        })
        .collect();
    let parts = (0..bodies.iter().map(Vec::len).min().unwrap_or(0))
        .take_while(|&i| bodies.iter().all(|body| body[i] == bodies[0][i]))
        .count();
    (parts >= 2).then_some(SharedStart {
        members,
        bodies,
        parts,
    })
}

/// How many matches of each child a path has made so far: at least, and at most (`None`:
/// any number).
type Counts = BTreeMap<String, (usize, Option<usize>)>;

/// A place in a rule's body where a child stands.
struct Place {
    child: String,
    repeated: bool,
    lookahead: bool,
    before: (usize, Option<usize>),
}

impl Frames {
    /// The frames of every non-silent rule of `rules`.
    pub fn of(rules: &Rules<'_>) -> Result<Frames, String> {
        let mut frames = Frames {
            by_rule: HashMap::new(),
            child_base: HashMap::new(),
        };
        let mut names: Vec<&String> = rules.by_name.keys().collect();
        names.sort();
        // The alternatives of each shared start get one base for their children's frames.
        let slots_of = |name: &str| {
            let mut places = Vec::new();
            let body = &rules.get(name).expect("a rule").expr;
            collect(rules, body, &Counts::new(), false, false, &mut places);
            keys_of(&places).0.len()
        };
        for name in &names {
            let mut choices = Vec::new();
            choices_in(&rules.get(name).expect("a rule").expr, &mut choices);
            for alternatives in choices {
                if let Some(shared) = shared_start(rules, &alternatives) {
                    let base = shared.members.iter().map(|member| slots_of(member)).max();
                    for member in shared.members {
                        let base = base
                            .unwrap_or(0)
                            .max(frames.child_base.get(&member).copied().unwrap_or(0));
                        frames.child_base.insert(member, base);
                    }
                }
            }
        }
        for name in names {
            if rules.is_node(name) {
                frames.frame(rules, name, &mut Vec::new())?;
            }
        }
        Ok(frames)
    }

    /// The order in which the compiler meets the places of a body, which [`Frame::places`]
    /// follows: a sequence's parts and a choice's alternatives in order, the inside of an
    /// option, repetition or lookahead, and the body of a silent rule that holds children
    /// in place of a call to it ([`expands`]); a child rule is one place, not looked into.
    pub fn places_in(rules: &Rules<'_>, expr: &Expr) -> usize {
        match expr {
            Expr::Ident(name) if rules.is_node(name) => 1,
            Expr::Ident(name) if expands(rules, name) => {
                Frames::places_in(rules, &rules.get(name).expect("a rule").expr)
            }
            Expr::Seq(a, b) | Expr::Choice(a, b) => {
                Frames::places_in(rules, a) + Frames::places_in(rules, b)
            }
            Expr::Opt(inner)
            | Expr::Rep(inner)
            | Expr::PosPred(inner)
            | Expr::NegPred(inner)
            | Expr::RestoreOnErr(inner) => Frames::places_in(rules, inner),
            _ => 0,
        }
    }

    /// The frame of `name`, made if need be (`making`: the rules being made, a guard
    /// against a grammar that refers to a rule from inside itself).
    fn frame(
        &mut self,
        rules: &Rules<'_>,
        name: &str,
        making: &mut Vec<String>,
    ) -> Result<usize, String> {
        if let Some(frame) = self.by_rule.get(name) {
            return Ok(frame.size);
        }
        if making.iter().any(|rule| rule == name) {
            return Err(format!(
                "rule {name} refers to itself ({} -> {name}): a frame has no fixed size",
                making.join(" -> ")
            ));
        }
        making.push(name.to_owned());
        let rule = rules.get(name).expect("a rule of the grammar");
        let mut places = Vec::new();
        collect(rules, &rule.expr, &Counts::new(), false, false, &mut places);
        let (keys, place_keys) = keys_of(&places);
        let mut sizes = Vec::new();
        for key in &keys {
            sizes.push(self.frame(rules, &key.child, making)?);
        }
        let mut layout = Layout {
            rules,
            place_keys: &place_keys,
            sizes: &sizes,
            child_frames: vec![None; keys.len()],
            next: 0,
        };
        let base = self.child_base.get(name).copied().unwrap_or(keys.len());
        let size = layout.place(&rule.expr, base);
        debug_assert_eq!(layout.next, place_keys.len());
        let child_frames = layout
            .child_frames
            .iter()
            .map(|offset| offset.expect("every key has a place"))
            .collect();
        making.pop();
        self.by_rule.insert(
            name.to_owned(),
            Frame {
                keys,
                places: place_keys,
                child_frames,
                size,
            },
        );
        Ok(size)
    }
}

/// The choices in `expr` (not inside the rules it names), each as its alternatives.
fn choices_in<'e>(expr: &'e Expr, into: &mut Vec<Vec<&'e Expr>>) {
    match expr {
        Expr::Choice(..) => {
            let mut alternatives = Vec::new();
            crate::expr::flatten_choice(expr, &mut alternatives);
            for alternative in &alternatives {
                choices_in(alternative, into);
            }
            into.push(alternatives);
        }
        Expr::Seq(a, b) => {
            choices_in(a, into);
            choices_in(b, into);
        }
        Expr::Opt(inner)
        | Expr::Rep(inner)
        | Expr::PosPred(inner)
        | Expr::NegPred(inner)
        | Expr::RestoreOnErr(inner) => choices_in(inner, into),
        _ => {}
    }
}

/// Whether the silent rule `name` holds a child that makes a node, and so is compiled in
/// place, where its children's slots are those of the rule it stands in.
pub fn expands(rules: &Rules<'_>, name: &str) -> bool {
    fn holds_nodes(rules: &Rules<'_>, expr: &Expr, depth: usize) -> bool {
        depth < 64
            && match expr {
                Expr::Ident(name) => match rules.get(name) {
                    Some(_) if rules.is_node(name) => true,
                    Some(rule) => holds_nodes(rules, &rule.expr, depth + 1),
                    None => false,
                },
                Expr::Seq(a, b) | Expr::Choice(a, b) => {
                    holds_nodes(rules, a, depth + 1) || holds_nodes(rules, b, depth + 1)
                }
                Expr::Opt(inner)
                | Expr::Rep(inner)
                | Expr::PosPred(inner)
                | Expr::NegPred(inner)
                | Expr::RestoreOnErr(inner) => holds_nodes(rules, inner, depth + 1),
                _ => false,
            }
    }
    rules
        .get(name)
        .is_some_and(|rule| !rules.is_node(name) && holds_nodes(rules, &rule.expr, 0))
}

/// The places of `expr`, in walk order, with how many matches of the same child come
/// before each; returns the counts after `expr`.
fn collect(
    rules: &Rules<'_>,
    expr: &Expr,
    before: &Counts,
    repeated: bool,
    lookahead: bool,
    into: &mut Vec<Place>,
) -> Counts {
    match expr {
        Expr::Ident(name) if rules.is_node(name) => {
            into.push(Place {
                child: name.clone(),
                repeated,
                lookahead,
                before: before.get(name).copied().unwrap_or((0, Some(0))),
            });
            let mut after = before.clone();
            if !lookahead {
                let count = after.entry(name.clone()).or_insert((0, Some(0)));
                count.0 += 1;
                count.1 = count.1.map(|most| most + 1);
            }
            after
        }
        Expr::Ident(name) if expands(rules, name) => {
            let body = &rules.get(name).expect("a rule").expr;
            collect(rules, body, before, repeated, lookahead, into)
        }
        Expr::Seq(a, b) => {
            let middle = collect(rules, a, before, repeated, lookahead, into);
            collect(rules, b, &middle, repeated, lookahead, into)
        }
        Expr::Choice(a, b) => {
            let first = collect(rules, a, before, repeated, lookahead, into);
            let second = collect(rules, b, before, repeated, lookahead, into);
            merge(&first, &second)
        }
        Expr::Opt(inner) => {
            let after = collect(rules, inner, before, repeated, lookahead, into);
            merge(before, &after)
        }
        Expr::Rep(inner) => {
            let after = collect(rules, inner, before, true, lookahead, into);
            let mut counts = before.clone();
            for (name, count) in after {
                if before.get(&name) != Some(&count) {
                    let least = before.get(&name).map_or(0, |count| count.0);
                    counts.insert(name, (least, None));
                }
            }
            counts
        }
        Expr::PosPred(inner) | Expr::NegPred(inner) => {
            collect(rules, inner, before, repeated, true, into);
            before.clone()
        }
        Expr::RestoreOnErr(inner) => collect(rules, inner, before, repeated, lookahead, into),
        _ => before.clone(),
    }
}

/// The counts after one path or the other.
fn merge(first: &Counts, second: &Counts) -> Counts {
    let mut merged = Counts::new();
    for name in first.keys().chain(second.keys()) {
        let (a, b) = (
            first.get(name).copied().unwrap_or((0, Some(0))),
            second.get(name).copied().unwrap_or((0, Some(0))),
        );
        let most = match (a.1, b.1) {
            (Some(x), Some(y)) => Some(x.max(y)),
            _ => None,
        };
        merged.insert(name.clone(), (a.0.min(b.0), most));
    }
    merged
}

/// The keys of a rule's places: each child that matches a known number of times before
/// every place it stands (`min == max`) gets a slot per match; any other, one slot for its
/// last match; places inside a lookahead get slots of their own. Returns the keys, in
/// the order of their first place, and the key of each place.
fn keys_of(places: &[Place]) -> (Vec<Key>, Vec<usize>) {
    let last: Vec<&str> = places
        .iter()
        .filter(|place| {
            !place.lookahead && (place.repeated || place.before.1 != Some(place.before.0))
        })
        .map(|place| place.child.as_str())
        .collect();
    let (mut keys, mut place_keys) = (Vec::<Key>::new(), Vec::new());
    let mut lookaheads = 0;
    for place in places {
        let which = if place.lookahead {
            lookaheads += 1;
            Which::Lookahead(lookaheads - 1)
        } else if last.contains(&place.child.as_str()) {
            Which::Last
        } else {
            Which::Nth(place.before.0)
        };
        let key = Key {
            child: place.child.clone(),
            which,
        };
        let index = match keys.iter().position(|known| *known == key) {
            Some(index) => index,
            None => {
                keys.push(key);
                keys.len() - 1
            }
        };
        place_keys.push(index);
    }
    (keys, place_keys)
}

/// Lays out the children's frames of one rule after its slots.
struct Layout<'l, 'g> {
    rules: &'l Rules<'g>,
    place_keys: &'l [usize],
    sizes: &'l [usize],
    child_frames: Vec<Option<usize>>,
    /// The next place met.
    next: usize,
}

impl Layout<'_, '_> {
    /// Places the frames of the children in `expr` from `offset` on; returns where the
    /// room it took ends.
    fn place(&mut self, expr: &Expr, offset: usize) -> usize {
        match expr {
            Expr::Ident(name) if self.rules.is_node(name) => {
                let key = self.place_keys[self.next];
                self.next += 1;
                match self.child_frames[key] {
                    Some(_) => offset,
                    None => {
                        self.child_frames[key] = Some(offset);
                        offset + self.sizes[key]
                    }
                }
            }
            Expr::Ident(name) if expands(self.rules, name) => {
                let body = &self.rules.get(name).expect("a rule").expr;
                self.place(body, offset)
            }
            Expr::Seq(a, b) => {
                let middle = self.place(a, offset);
                self.place(b, middle)
            }
            Expr::Choice(..) => {
                let mut alternatives = Vec::new();
                crate::expr::flatten_choice(expr, &mut alternatives);
                if self.shares_room(&alternatives) {
                    alternatives
                        .into_iter()
                        .map(|alternative| self.place(alternative, offset))
                        .max()
                        .unwrap_or(offset)
                } else {
                    alternatives
                        .into_iter()
                        .fold(offset, |offset, alternative| {
                            self.place(alternative, offset)
                        })
                }
            }
            Expr::Opt(inner)
            | Expr::Rep(inner)
            | Expr::PosPred(inner)
            | Expr::NegPred(inner)
            | Expr::RestoreOnErr(inner) => self.place(inner, offset),
            _ => offset,
        }
    }

    /// Whether the alternatives (starting at the next place) may share their room: no key
    /// stands in two of them, nor anywhere else in the rule.
    fn shares_room(&self, alternatives: &[&Expr]) -> bool {
        let mut start = self.next;
        let mut ranges = Vec::new();
        for alternative in alternatives {
            let end = start + Frames::places_in(self.rules, alternative);
            ranges.push(start..end);
            start = end;
        }
        ranges.iter().all(|range| {
            range.clone().all(|place| {
                let key = self.place_keys[place];
                self.place_keys
                    .iter()
                    .enumerate()
                    .all(|(other, &other_key)| other_key != key || range.contains(&other))
            })
        })
    }
}
