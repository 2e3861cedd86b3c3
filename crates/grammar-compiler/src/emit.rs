//! The rule functions: each rule, and each expression inside it, as a Rust function over
//! bytes, `fn(&mut State, b, p) -> Option<usize>` (where the expression ends, or `None`),
//! `b` being where the frame of the rule being read begins in the run's slots (see
//! `frames`).

use crate::expr::flatten_choice;
use crate::frames::{expands, Frames};
use crate::sets::{ByteSet, Labels, Rules, UnitLoop};
use crate::{bytes_literal, sequence_of};
use pest_meta::ast::RuleType;
use pest_meta::optimizer::{OptimizedExpr as Expr, OptimizedRule};
use std::fmt::Write;

/// The bytes a URL seldom holds that a search may look for first (see
/// [`Compiler::behind_required`]).
const RARE: &str = "@";

/// Compiles the rules of one grammar into functions.
pub struct Compiler<'c, 'g> {
    pub rules: &'c Rules<'g>,
    pub frames: &'c Frames,
    pub functions: String,
    pub tables: Vec<ByteSet>,
    next_id: usize,
    /// The rule whose body is being compiled, when its children are recorded in its frame,
    /// and the next place of a child in it.
    context: Option<(String, usize)>,
}

/// A literal: of at most eight bytes, compared as one word (with the case of its letters
/// folded when `ignoring_case`); longer, byte by byte.
fn literal(text: &str, ignoring_case: bool) -> String {
    let bytes = text.as_bytes();
    if (2..=8).contains(&bytes.len()) {
        let (mut word, mut fold) = (0u64, 0u64);
        for (i, &byte) in bytes.iter().enumerate() {
            let letter = ignoring_case && byte.is_ascii_alphabetic();
            word |= u64::from(if letter {
                byte.to_ascii_lowercase()
            } else {
                byte
            }) << (8 * i);
            fold |= u64::from(if letter { 0x20u8 } else { 0 }) << (8 * i);
        }
        let keep = u64::MAX >> (64 - 8 * bytes.len());
        return format!(
            "st.word_literal(p, {:?}, {ignoring_case}, {word:#x}, {fold:#x}, {keep:#x})",
            bytes_literal(text)
        );
    }
    match ignoring_case {
        false => format!("st.literal(p, {:?})", bytes_literal(text)),
        true => format!("st.literal_ignoring_case(p, {:?})", bytes_literal(text)),
    }
}

/// An alternative of a choice: a byte set merged from single-byte alternatives, or any
/// other expression.
enum Alternative<'e> {
    Set(Box<ByteSet>),
    Expr(&'e Expr),
}

impl<'c, 'g> Compiler<'c, 'g> {
    pub fn new(rules: &'c Rules<'g>, frames: &'c Frames) -> Compiler<'c, 'g> {
        Compiler {
            rules,
            frames,
            functions: String::new(),
            tables: Vec::new(),
            next_id: 0,
            context: None,
        }
    }

    /// Emits the function of `rule`: a node's resets its slots and records what it was
    /// expected to be when tracing; a silent rule's is its body.
    pub fn rule(&mut self, rule: &OptimizedRule) -> Result<(), String> {
        let name = &rule.name;
        // A node's children are recorded in its frame; a silent rule run on its own (by
        // name, for the diagnosis) records nothing of its own.
        self.context = (rule.ty == RuleType::Normal).then(|| (name.clone(), 0));
        let body = self.expr(&rule.expr)?;
        if let Some((_, places)) = &self.context {
            debug_assert_eq!(*places, self.frames.by_rule[name].places.len());
        }
        self.context = None;
        let code = match rule.ty {
            RuleType::Silent => format!(
                "/// `{name}` (silent: no node)\n#[inline]\npub(crate) fn rule_{name}<T: Tracer<Rule>>(st: &mut State<'_, T, Rule>, b: usize, p: usize) -> Option<usize> {{\n    {body}(st, b, p)\n}}\n\n"
            ),
            RuleType::Normal => {
                let slots = self.frames.by_rule[name].keys.len();
                format!(
                    "/// `{name}`\n#[inline]\npub(crate) fn rule_{name}<T: Tracer<Rule>>(st: &mut State<'_, T, Rule>, b: usize, p: usize) -> Option<usize> {{\n    if T::ON {{\n        let traced = st.rule_started();\n        let end = {body}(st, b, p);\n        st.rule_ended(Rule::{name}, p, end, traced);\n        return end;\n    }}\n    st.reset_frame(b, {slots});\n    {body}(st, b, p)\n}}\n\n"
                )
            }
            other => return Err(format!("rule {name}: {other:?} rules are not supported")),
        };
        self.functions.push_str(&code);
        Ok(())
    }

    /// The slots (of the rule being compiled) of the children that stand at the next
    /// `count` places, each once.
    fn slots_of_places(&self, start: usize, count: usize) -> Vec<usize> {
        let Some((rule, _)) = &self.context else {
            return Vec::new();
        };
        let mut slots: Vec<usize> = self.frames.by_rule[rule].places[start..start + count].to_vec();
        slots.sort_unstable();
        slots.dedup();
        slots
    }

    /// The next place of a child in the rule being compiled.
    fn next_place(&self) -> usize {
        self.context.as_ref().map_or(0, |(_, next)| *next)
    }

    /// Code that resets `slots` of the current frame, when not tracing.
    fn reset(slots: &[usize]) -> String {
        if slots.is_empty() {
            return String::new();
        }
        let list: Vec<String> = slots.iter().map(usize::to_string).collect();
        format!("if !T::ON {{ st.reset(b, &[{}]); }} ", list.join(", "))
    }

    /// Emits a function for `expr` and returns its name.
    fn expr(&mut self, expr: &Expr) -> Result<String, String> {
        if let Some(set) = self.rules.byte_set(expr, 0) {
            let table = self.table(set);
            return Ok(self.function(&format!("st.byte_in(&{table}, p)")));
        }
        let body = match expr {
            Expr::Str(text) => literal(text, false),
            Expr::Insens(text) => literal(text, true),
            Expr::Range(..) => return Err(format!("a non-ASCII range: {expr:?}")),
            Expr::Ident(name) => match name.as_str() {
                "EOI" => "st.eoi(p)".to_owned(),
                "SOI" => "(p == 0).then_some(p)".to_owned(),
                "ANY" => "st.any(p)".to_owned(),
                // pest's built-in: "\n" | "\r\n" | "\r", in that order, and no node.
                "NEWLINE" => {
                    let newline = Expr::Choice(
                        Box::new(Expr::Str("\n".to_owned())),
                        Box::new(Expr::Choice(
                            Box::new(Expr::Str("\r\n".to_owned())),
                            Box::new(Expr::Str("\r".to_owned())),
                        )),
                    );
                    return self.expr(&newline);
                }
                _ if self.rules.is_node(name) => self.child(name),
                _ if self.context.is_some() && expands(self.rules, name) => {
                    // A silent rule that holds children is compiled in place: its children
                    // are the current rule's.
                    let body = &self.rules.get(name).expect("a rule").expr;
                    return self.expr(body);
                }
                _ if self.rules.get(name).is_some() => format!("rule_{name}(st, b, p)"),
                _ => return Err(format!("unknown or unsupported rule {name}")),
            },
            Expr::Seq(first_expr, second_expr) => {
                let (first, second) = (self.expr(first_expr)?, self.expr(second_expr)?);
                let general = format!(
                    "match {first}(st, b, p) {{ Some(p) => {second}(st, b, p), None => None }}"
                );
                match (self.rules.separated_units(expr), self.rules.labels(expr)) {
                    (Some(units), _) => self.unit_loop_code(&units, &general),
                    (None, Some(labels)) => self.labels_code(&labels, &general),
                    (None, None) => general,
                }
            }
            Expr::Choice(..) => return self.choice(expr),
            Expr::Opt(inner) => {
                let start = self.next_place();
                let inner_fn = self.expr(inner)?;
                let slots = self.slots_of_places(start, self.next_place() - start);
                let call = self.behind_required(inner, &format!("{inner_fn}(st, b, p)"));
                if slots.is_empty() {
                    format!("({call}).or(Some(p))")
                } else {
                    format!(
                        "match {call} {{ Some(end) => Some(end), None => {{ {}Some(p) }} }}",
                        Compiler::reset(&slots)
                    )
                }
            }
            Expr::Rep(inner) => self.repetition(inner)?,
            Expr::PosPred(inner) | Expr::NegPred(inner) => {
                let positive = matches!(expr, Expr::PosPred(_));
                let start = self.next_place();
                let inner_fn = self.expr(inner)?;
                let slots = self.slots_of_places(start, self.next_place() - start);
                // pest records what fails inside a positive lookahead, and nothing inside a
                // negative one (a negative inside a negative counts as positive): the trace
                // follows its polarity.
                let (enter, leave) = if positive {
                    ("", "")
                } else {
                    (
                        "st.negative = !st.negative;\n    ",
                        "\n    st.negative = !st.negative;",
                    )
                };
                format!(
                    "{enter}let matched = {inner_fn}(st, b, p).is_some();{leave}\n    {}(matched == {positive}).then_some(p)",
                    Compiler::reset(&slots)
                )
            }
            Expr::RestoreOnErr(inner) => format!("{}(st, b, p)", self.expr(inner)?),
            other => return Err(format!("unsupported expression {other:?}")),
        };
        Ok(self.function(&body))
    }

    /// `call` of `expr`, not made (when not tracing) where a byte that every match of
    /// `expr` holds is nowhere in the rest of the input: `user [":" password] "@"` is not
    /// read in a URL without an `@` after the `//`, nor a news article in one without an
    /// `@`. Only the bytes of [`RARE`] are looked for: a byte a URL seldom holds, whose
    /// search (a word at a time) costs less than the reading it spares.
    fn behind_required(&self, expr: &Expr, call: &str) -> String {
        let required = self.rules.required(expr, 0);
        match RARE.bytes().find(|&b| required[b as usize]) {
            Some(byte) => {
                format!("(if !T::ON && !st.occurs({byte:#04x}, p) {{ None }} else {{ {call} }})")
            }
            None => call.to_owned(),
        }
    }

    /// A child that makes a node: in a rule's body, run with its frame and recorded in its
    /// slot; elsewhere (a silent rule run on its own), run with the frame it is given.
    fn child(&mut self, name: &str) -> String {
        let Some((rule, next)) = &mut self.context else {
            return format!("rule_{name}(st, b, p)");
        };
        let frame = &self.frames.by_rule[rule.as_str()];
        let key = frame.places[*next];
        *next += 1;
        debug_assert_eq!(frame.keys[key].child, name);
        let child_frame = frame.child_frames[key];
        format!(
            "let end = rule_{name}(st, b + {child_frame}, p);\n    if !T::ON {{ if let Some(end) = end {{ st.record(b + {key}, p, end); }} }}\n    end"
        )
    }

    /// `inner*`: one byte loop where the body allows it, else each round in turn; a round
    /// that fails after recording children gives the frame back as it was before it.
    fn repetition(&mut self, inner: &Expr) -> Result<String, String> {
        if let Some(set) = self.rules.byte_set(inner, 0) {
            return Ok(format!("Some(st.skip_bytes(&{}, p))", self.table(set)));
        }
        let start = self.next_place();
        let inner_fn = self.expr(inner)?;
        if self.next_place() > start {
            let (rule, _) = self.context.as_ref().expect("places are in a rule");
            let size = self.frames.by_rule[rule].size;
            return Ok(format!(
                "let mut p = p;\n    loop {{\n        let kept: Option<[Slot; {size}]> = (!T::ON).then(|| st.frame(b));\n        match {inner_fn}(st, b, p) {{\n            Some(end) if end != p => p = end,\n            Some(_) => break,\n            None => {{\n                if let Some(kept) = kept {{ st.restore(b, &kept); }}\n                break;\n            }}\n        }}\n    }}\n    Some(p)"
            ));
        }
        let general = format!(
            "{{\n    let mut p = p;\n    while let Some(end) = {inner_fn}(st, b, p) {{\n        if end == p {{ break; }}\n        p = end;\n    }}\n    Some(p)\n    }}"
        );
        Ok(
            match (self.rules.unit_loop(inner), self.rules.run_loop(inner)) {
                (Some(units), _) => self.unit_loop_code(&units, &general),
                (None, Some((skipped, ending))) => {
                    let (skipped, ending) = (self.table(skipped), self.table(ending));
                    format!(
                        "if T::ON {{ return {general}; }}\n    let bytes = st.bytes;\n    let (mut q, mut end) = (p, p);\n    while let Some(&byte) = bytes.get(q) {{\n        if {ending}.bytes[byte as usize] {{ q += 1; end = q; }} else if {skipped}.bytes[byte as usize] {{ q += 1; }} else {{ break; }}\n    }}\n    Some(end)"
                    )
                }
                (None, None) => general,
            },
        )
    }

    /// An ordered choice: alternatives are flattened, and single-byte alternatives are merged
    /// into one table where that cannot change which alternative matches first. An
    /// alternative that fails gives back the slots it wrote.
    fn choice(&mut self, expr: &Expr) -> Result<String, String> {
        let mut alternatives = Vec::new();
        flatten_choice(expr, &mut alternatives);
        if let Some(code) = self.shared_start(&alternatives)? {
            return Ok(code);
        }
        let mut merged: Vec<Alternative<'_>> = Vec::new();
        for alternative in alternatives {
            let Some(set) = self.rules.byte_set(alternative, 0) else {
                merged.push(Alternative::Expr(alternative));
                continue;
            };
            // Merge into the last table if every alternative after it surely fails on these
            // bytes (it cannot match empty, and its first byte is never in the set).
            let target = merged
                .iter()
                .rposition(|alt| matches!(alt, Alternative::Set(_)));
            let mergeable = target.is_some_and(|t| {
                merged[t + 1..].iter().all(|alt| match alt {
                    Alternative::Expr(e) => self
                        .rules
                        .first_set(e, 0)
                        .is_some_and(|first| (0..256).all(|b| !(first[b] && set[b]))),
                    Alternative::Set(_) => false,
                })
            });
            match (target, mergeable) {
                (Some(t), true) => {
                    let Alternative::Set(existing) = &mut merged[t] else {
                        unreachable!()
                    };
                    (0..256).for_each(|b| existing[b] |= set[b]);
                }
                _ => merged.push(Alternative::Set(Box::new(set))),
            }
        }
        // Each alternative: its call, what undoes its slots when it fails, and the bytes it
        // can start with (when it cannot match empty).
        let mut attempts: Vec<(String, String, Option<ByteSet>)> = Vec::new();
        for alternative in merged {
            attempts.push(match alternative {
                Alternative::Set(set) => {
                    let call = format!("st.byte_in(&{}, p)", self.table(*set));
                    (call, String::new(), Some(*set))
                }
                Alternative::Expr(e) => {
                    let start = self.next_place();
                    let call = format!("{}(st, b, p)", self.expr(e)?);
                    let call = self.behind_required(e, &call);
                    // A child alone writes its slot only when it matches.
                    let alone = matches!(e, Expr::Ident(name) if self.rules.is_node(name));
                    let undo = if alone {
                        String::new()
                    } else {
                        Compiler::reset(&self.slots_of_places(start, self.next_place() - start))
                    };
                    (call, undo, self.rules.first_set(e, 0))
                }
            });
        }
        // In order, each alternative that can start with the next byte (every one when
        // tracing, so that everything expected is recorded). (Running it only where a
        // failure at `p` is still recorded saved 1% of a diagnosis and cost the inlining of
        // small choices such as `xalpha`: 22% more instructions on long invalid input.)
        let mut general = String::new();
        for (call, undo, first) in &attempts {
            let attempt = match first {
                Some(first) if first.iter().any(|&b| !b) => {
                    let guard = self.table(*first);
                    format!("(if T::ON || st.starts_in(&{guard}, p) {{ {call} }} else {{ None }})")
                }
                _ => call.clone(),
            };
            write!(
                general,
                "if let Some(end) = {attempt} {{ return Some(end); }}\n    {undo}"
            )
            .unwrap();
        }
        general.push_str("None");
        let body = match self.dispatch(&attempts) {
            Some(dispatch) => {
                format!("if T::ON {{\n    return {{ {general} }};\n    }}\n    {dispatch}")
            }
            None => general,
        };
        Ok(self.function(&body))
    }

    /// A choice of children that start alike (`waisurl = waisdoc | waisindex |
    /// waisdatabase`, each `"wais://" hostport "/" database ...`): the PEG reads the common
    /// start again for each alternative, to the same end and with the same children, as
    /// the grammar is deterministic; here it is read once, in the first alternative's
    /// frame, and each alternative gets its children copied into its own frame and reads
    /// on from where the start ended. When tracing, the choice as the grammar writes it.
    /// `None` when the choice is not of that shape: every alternative a child alone, and
    /// their rules' bodies starting with the same two or more parts.
    fn shared_start(&mut self, alternatives: &[&Expr]) -> Result<Option<String>, String> {
        let Some((rule, _)) = self.context.clone() else {
            return Ok(None);
        };
        let Some(shared) = crate::frames::shared_start(self.rules, alternatives) else {
            return Ok(None);
        };
        let names = &shared.members;
        // The choice as the grammar writes it, for the tracing run; it also takes the
        // places of the alternatives in the current rule, in order.
        let start = self.next_place();
        let mut general = String::new();
        for name in names {
            let call = format!("{}(st, b, p)", self.expr(&Expr::Ident(name.clone()))?);
            write!(
                general,
                "if let Some(end) = {call} {{ return Some(end); }}\n    "
            )
            .unwrap();
        }
        general.push_str("None");
        let frame = &self.frames.by_rule[&rule];
        let placed: Vec<(usize, usize)> = (0..names.len())
            .map(|i| {
                let key = frame.places[start + i];
                (key, frame.child_frames[key])
            })
            .collect();
        let start_expr = sequence_of(&shared.bodies[0][..shared.parts]);
        let start_places = crate::frames::Frames::places_in(self.rules, &start_expr);
        // The frames (`frames::shared_start`) put the start's children at the same places
        // for every alternative, which share their room: what the start read stays there
        // for each. Where they do not (another use of the rules), the choice as written.
        let first = &self.frames.by_rule[&names[0]];
        let aligned = placed.iter().all(|&(_, at)| at == placed[0].1)
            && names.iter().all(|name| {
                let other = &self.frames.by_rule[name];
                (0..start_places).all(|place| {
                    let (a, b) = (first.places[place], other.places[place]);
                    a == b && first.child_frames[a] == other.child_frames[b]
                })
            });
        if !aligned {
            return Ok(Some(self.function(&general)));
        }
        let saved_context = self.context.take();
        self.context = Some((names[0].clone(), 0));
        let start_fn = self.expr(&start_expr)?;
        let mut rests = Vec::new();
        for (name, body) in names.iter().zip(&shared.bodies) {
            self.context = Some((name.clone(), start_places));
            let rest = match &body[shared.parts..] {
                [] => None,
                parts => Some(self.expr(&sequence_of(parts))?),
            };
            rests.push(rest);
        }
        self.context = saved_context;
        let first_keys = self.frames.by_rule[&names[0]].keys.len();
        let mut code = format!(
            "if T::ON {{\n    return {{ {general} }};\n    }}\n    // The start, once: its children stand where each alternative keeps them.\n    let at = b + {};\n    st.reset_frame(at, {first_keys});\n    let Some(q) = {start_fn}(st, at, p) else {{ return None; }};\n",
            placed[0].1,
        );
        for (i, name) in names.iter().enumerate() {
            let keys = self.frames.by_rule[name].keys.len();
            writeln!(code, "    // `{name}`").unwrap();
            if i > 0 && keys > start_places {
                // Its own slots after the start's (the start's children are its first).
                writeln!(
                    code,
                    "    st.reset_frame(at + {start_places}, {});",
                    keys - start_places
                )
                .unwrap();
            }
            let end = match &rests[i] {
                Some(rest) => format!("{rest}(st, at, q)"),
                None => "Some(q)".to_owned(),
            };
            writeln!(
                code,
                "    if let Some(end) = {end} {{ st.record(b + {}, p, end); return Some(end); }}",
                placed[i].0
            )
            .unwrap();
        }
        code.push_str("    None");
        Ok(Some(self.function(&code)))
    }

    /// A choice that starts with several alternatives each of which can start with few
    /// bytes (`url`'s productions, each after its scheme's first letter), tried by the next
    /// byte: a `match` on it tries, in order, those of the leading alternatives that can
    /// start with it; the alternatives after them are tried as before, each behind its
    /// guard. `None` when fewer than three alternatives lead so.
    fn dispatch(&mut self, attempts: &[(String, String, Option<ByteSet>)]) -> Option<String> {
        let narrow = |first: &Option<ByteSet>| {
            first
                .as_ref()
                .is_some_and(|first| first.iter().filter(|&&b| b).count() <= 16)
        };
        let leading = attempts
            .iter()
            .take_while(|(_, _, first)| narrow(first))
            .count();
        if leading < 3 {
            return None;
        }
        // The bytes that start the same list of leading alternatives share an arm.
        let mut arms: Vec<(Vec<usize>, Vec<u8>)> = Vec::new();
        for byte in 0..=255u8 {
            let list: Vec<usize> = (0..leading)
                .filter(|&i| {
                    attempts[i]
                        .2
                        .as_ref()
                        .is_some_and(|first| first[byte as usize])
                })
                .collect();
            if list.is_empty() {
                continue;
            }
            match arms.iter_mut().find(|(known, _)| *known == list) {
                Some((_, bytes)) => bytes.push(byte),
                None => arms.push((list, vec![byte])),
            }
        }
        let mut code = String::from("match st.bytes.get(p) {\n");
        for (list, bytes) in &arms {
            let pattern: Vec<String> = bytes.iter().map(|b| format!("{b:#04x}")).collect();
            writeln!(code, "        Some({}) => {{", pattern.join(" | ")).unwrap();
            for &i in list {
                let (call, undo, _) = &attempts[i];
                write!(
                    code,
                    "            if let Some(end) = {call} {{ return Some(end); }}\n            {undo}\n"
                )
                .unwrap();
            }
            code.push_str("        }\n");
        }
        code.push_str("        _ => {}\n    }\n    ");
        for (call, undo, first) in &attempts[leading..] {
            let attempt = match first {
                Some(first) if first.iter().any(|&b| !b) => {
                    let guard = self.table(*first);
                    format!("(if st.starts_in(&{guard}, p) {{ {call} }} else {{ None }})")
                }
                _ => call.clone(),
            };
            write!(
                code,
                "if let Some(end) = {attempt} {{ return Some(end); }}\n    {undo}"
            )
            .unwrap();
        }
        code.push_str("None");
        Some(code)
    }

    /// The byte loop of a [`UnitLoop`]; when tracing, `general` (the repetition as the
    /// grammar reads it) runs instead, so that everything expected is recorded as before.
    fn unit_loop_code(&mut self, units: &UnitLoop, general: &str) -> String {
        let mut body = format!(
            "if T::ON {{ return {general}; }}
    let bytes = st.bytes;
    let mut p = p;
    while let Some(&byte) = bytes.get(p) {{
"
        );
        for guard in &units.guards {
            writeln!(
                body,
                "        if byte == {:#04x} && bytes[p..].starts_with({:?}) {{ break; }}",
                guard[0],
                bytes_literal(std::str::from_utf8(guard).expect("a literal is text"))
            )
            .unwrap();
        }
        if units.single.iter().any(|&b| b) {
            let table = self.table(units.single);
            writeln!(
                body,
                "        if {table}.bytes[byte as usize] {{ p += 1; continue; }}"
            )
            .unwrap();
        }
        for alternative in &units.multi {
            let mut test = self.byte_test(alternative[0], "byte");
            for (offset, set) in alternative.iter().enumerate().skip(1) {
                let rest = self.byte_test(*set, "c");
                write!(
                    test,
                    " && matches!(bytes.get(p + {offset}), Some(&c) if {rest})"
                )
                .unwrap();
            }
            writeln!(
                body,
                "        if {test} {{ p += {}; continue; }}",
                alternative.len()
            )
            .unwrap();
        }
        body.push_str(
            "        break;
    }
    Some(p)",
        );
        body
    }

    /// The one pass of a [`Labels`]; when tracing, `general` (the sequence as the grammar
    /// reads it) runs instead.
    fn labels_code(&mut self, labels: &Labels, general: &str) -> String {
        let (first, last_first) = (self.table(labels.first), self.table(labels.last_first));
        let (skipped, ending) = (self.table(labels.skipped), self.table(labels.ending));
        format!(
            "if T::ON {{ return {general}; }}
    let bytes = st.bytes;
    // The label being read: whether it may be one of the repetition, or the last.
    let Some(&lead) = bytes.get(p) else {{ return None; }};
    let (mut taken, mut last) = ({first}.bytes[lead as usize], {last_first}.bytes[lead as usize]);
    if !taken && !last {{ return None; }}
    let (mut q, mut end) = (p + 1, p + 1);
    while let Some(&byte) = bytes.get(q) {{
        if {ending}.bytes[byte as usize] {{ q += 1; end = q; }}
        else if {skipped}.bytes[byte as usize] {{ q += 1; }}
        else if byte == {separator:#04x} && taken && end == q {{
            // The label and its separator are taken: the next label.
            let Some(&lead) = bytes.get(q + 1) else {{ return None; }};
            taken = {first}.bytes[lead as usize];
            last = {last_first}.bytes[lead as usize];
            if !taken && !last {{ return None; }}
            q += 2;
            end = q;
        }}
        else {{ break; }}
    }}
    last.then_some(end)",
            separator = labels.separator
        )
    }

    /// A test that the byte `var` is in `set`: a comparison for one byte, else its table.
    fn byte_test(&mut self, set: ByteSet, var: &str) -> String {
        let members: Vec<usize> = (0..256).filter(|&b| set[b]).collect();
        match members.as_slice() {
            [one] => format!("{var} == {one:#04x}"),
            _ => format!("{}.bytes[{var} as usize]", self.table(set)),
        }
    }

    /// The name of the table of `set`, made once per set.
    pub fn table(&mut self, set: ByteSet) -> String {
        let id = match self.tables.iter().position(|table| *table == set) {
            Some(id) => id,
            None => {
                self.tables.push(set);
                self.tables.len() - 1
            }
        };
        format!("SET_{id}")
    }

    fn function(&mut self, body: &str) -> String {
        let name = format!("e{}", self.next_id);
        self.next_id += 1;
        writeln!(
            self.functions,
            "#[inline]\nfn {name}<T: Tracer<Rule>>(st: &mut State<'_, T, Rule>, b: usize, p: usize) -> Option<usize> {{\n    {body}\n}}\n"
        )
        .unwrap();
        name
    }
}
