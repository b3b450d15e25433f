//! Content state of one plane: a buffer's bytes, or the slices of one texture mip.
//!
//! A plane is an ordered map of disjoint segments covering `0..len`. A plane
//! written as a whole stays a single inline segment, which is the common case
//! and costs no allocation; partial accesses split it into [`Runs`], a sorted
//! vector, which moves to a `BTreeMap` once edits fall far from its end, and
//! a later whole write collapses it again. A write replaces every segment it
//! covers with one, so the number of segments stays bounded by the number of
//! distinct write boundaries.

use std::collections::BTreeMap;

use super::runs::Runs;

use crate::ids::{PassId, ValueId};
use crate::types::UndefinedCause;

/// What a segment of a plane holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Content {
    Defined { value: ValueId, producer: Option<PassId> },
    Undefined(UndefinedCause),
}

/// The end of a reader list.
pub(crate) const NO_READER: u32 = u32::MAX;

/// `Segment::producer` of defined contents no node produced (an import's).
const INITIAL: u32 = u32::MAX;
/// `Segment::producer` of undefined contents, whose cause `Segment::value` holds.
const UNDEFINED: u32 = u32::MAX - 1;
/// `Segment::writer` of a run no node wrote.
const NO_WRITER: u32 = u32::MAX;

/// A run of a plane with uniform history, in four words: content analysis
/// builds and compares segments in registers, never through memory, and a
/// plane of many segments stays compact. Pass ids at the top of the `u32`
/// range stand for what [`Content`] spells out; a recording cannot reach them
/// (its nodes would fill more memory than a machine has).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Segment {
    /// The value id, or the undefined cause's code.
    value: u32,
    /// The producing node, [`INITIAL`] or [`UNDEFINED`].
    producer: u32,
    /// Head of the list of nodes that read this run since its last write
    /// (only tracked when ordering dependencies are reported).
    pub readers: u32,
    /// The node that last wrote this run, or [`NO_WRITER`].
    writer: u32,
}

fn cause_code(cause: UndefinedCause) -> u32 {
    match cause {
        UndefinedCause::Transient => 0,
        UndefinedCause::ImportedUndefined => 1,
        UndefinedCause::Surface => 2,
        UndefinedCause::Discarded => 3,
    }
}

fn cause_of(code: u32) -> UndefinedCause {
    match code {
        0 => UndefinedCause::Transient,
        1 => UndefinedCause::ImportedUndefined,
        2 => UndefinedCause::Surface,
        _ => UndefinedCause::Discarded,
    }
}

impl Segment {
    /// A run holding `content` that no node has written or read.
    #[inline(always)]
    pub fn initial(content: Content) -> Self {
        let (value, producer) = match content {
            Content::Defined { value, producer: Some(producer) } => (value.0, producer.0),
            Content::Defined { value, producer: None } => (value.0, INITIAL),
            Content::Undefined(cause) => (cause_code(cause), UNDEFINED),
        };
        Self { value, producer, readers: NO_READER, writer: NO_WRITER }
    }

    /// A run `writer` just wrote: holding `value`, or left undefined
    /// (discarded) when `value` is `None`.
    #[inline(always)]
    pub fn written(value: Option<ValueId>, writer: PassId) -> Self {
        let (value, producer) = match value {
            Some(value) => (value.0, writer.0),
            None => (cause_code(UndefinedCause::Discarded), UNDEFINED),
        };
        Self { value, producer, readers: NO_READER, writer: writer.0 }
    }

    /// What the run holds.
    #[inline(always)]
    pub fn content(&self) -> Content {
        match self.producer {
            UNDEFINED => Content::Undefined(cause_of(self.value)),
            INITIAL => Content::Defined { value: ValueId(self.value), producer: None },
            producer => Content::Defined { value: ValueId(self.value), producer: Some(PassId(producer)) },
        }
    }

    /// The node that last wrote this run.
    #[inline(always)]
    pub fn writer(&self) -> Option<PassId> {
        (self.writer != NO_WRITER).then_some(PassId(self.writer))
    }
}

/// The segments of one plane.
pub(crate) enum Plane {
    /// One segment covering the whole plane.
    Uniform(Segment),
    /// Segments in a vector, while edits stay cheap there.
    Runs(Runs),
    /// Segments in a B-tree keyed by start, holding each one's end.
    Tree(BTreeMap<u64, (u64, Segment)>),
}

fn split_at(map: &mut BTreeMap<u64, (u64, Segment)>, point: u64) {
    if let Some((_, (end, segment))) = map.range_mut(..point).next_back()
        && *end > point
    {
        let tail = (*end, *segment);
        *end = point;
        map.insert(point, tail);
    }
}

impl Plane {
    /// Calls `visit(start, end, segment)` for every segment piece overlapping
    /// `start..end`, in order. With `exact`, segments are first split at the
    /// bounds so that each piece is a whole segment the visitor may change.
    #[inline]
    pub fn visit<E>(
        &mut self,
        len: u64,
        start: u64,
        end: u64,
        exact: bool,
        mut visit: impl FnMut(u64, u64, &mut Segment) -> Result<(), E>,
    ) -> Result<(), E> {
        match self {
            Self::Uniform(segment) if !exact || (start == 0 && end == len) => visit(start, end, segment),
            _ => self.visit_split(len, start, end, exact, visit),
        }
    }

    fn visit_split<E>(
        &mut self,
        len: u64,
        start: u64,
        end: u64,
        exact: bool,
        mut visit: impl FnMut(u64, u64, &mut Segment) -> Result<(), E>,
    ) -> Result<(), E> {
        if let Self::Uniform(segment) = self {
            *self = Self::Runs(Runs::new(*segment));
        }
        if let Self::Runs(runs) = self {
            match runs.visit(len, start, end, exact, &mut visit) {
                Some(visited) => return visited,
                None => self.move_to_tree(len),
            }
        }
        let Self::Tree(map) = self else { unreachable!("split planes are runs or trees") };
        if exact {
            split_at(map, start);
            split_at(map, end);
        }
        let Some((&from, (first_end, first))) = map.range_mut(..=start).next_back() else {
            unreachable!("segments cover the whole plane")
        };
        // Most accesses fall inside one segment: visit it without a second search.
        if *first_end >= end {
            return visit(start, end, first);
        }
        // Every segment from the one holding `start` ends after it.
        for (&piece_start, (piece_end, segment)) in map.range_mut(from..end) {
            visit(piece_start.max(start), (*piece_end).min(end), segment)?;
        }
        Ok(())
    }

    /// Moves the runs of a plane into a B-tree.
    #[cold]
    fn move_to_tree(&mut self, len: u64) {
        if let Self::Runs(runs) = self {
            *self = Self::Tree(runs.take_tree(len));
        }
    }

    /// Records that `writer` wrote `start..end`, leaving `value` there
    /// (`None`: discarded contents). A write of the whole plane, the common
    /// case, builds the segment where it is stored: built apart and copied,
    /// it would be written in parts and read back whole, a copy that stalls
    /// on store forwarding.
    #[inline]
    pub fn write(
        &mut self,
        len: u64,
        start: u64,
        end: u64,
        value: Option<ValueId>,
        writer: PassId,
        scratch: &mut Vec<u64>,
    ) {
        match self {
            Self::Uniform(old) if start == 0 && end == len => *old = Segment::written(value, writer),
            _ => self.assign_part(len, start, end, Segment::written(value, writer), scratch),
        }
    }

    fn assign_part(&mut self, len: u64, start: u64, end: u64, segment: Segment, scratch: &mut Vec<u64>) {
        if start == 0 && end == len {
            *self = Self::Uniform(segment);
            return;
        }
        if let Self::Uniform(old) = self {
            *self = Self::Runs(Runs::new(*old));
        }
        if let Self::Runs(runs) = self {
            if runs.assign(len, start, end, segment) {
                return;
            }
            self.move_to_tree(len);
        }
        let Self::Tree(map) = self else { unreachable!("split planes are runs or trees") };
        // Writing inside one segment (the common case) splits it around the
        // write with at most two insertions.
        if let Some((&key, (old_end, old))) = map.range_mut(..=start).next_back()
            && *old_end >= end
        {
            let (tail_end, tail) = (*old_end, *old);
            if key == start {
                *old_end = end;
                *old = segment;
            } else {
                *old_end = start;
                map.insert(start, (end, segment));
            }
            if tail_end > end {
                map.insert(end, (tail_end, tail));
            }
            return;
        }
        split_at(map, start);
        split_at(map, end);
        scratch.clear();
        scratch.extend(map.range(start..end).map(|(&key, _)| key));
        for key in scratch.iter() {
            map.remove(key);
        }
        map.insert(start, (end, segment));
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn defined(value: u32) -> Segment {
        Segment::written(Some(ValueId(value)), PassId(value))
    }

    /// Writes the value numbered `value` by the node of the same number.
    fn write(plane: &mut Plane, len: u64, start: u64, end: u64, value: u32, scratch: &mut Vec<u64>) {
        plane.write(len, start, end, Some(ValueId(value)), PassId(value), scratch);
    }

    fn pieces(plane: &mut Plane, len: u64, start: u64, end: u64) -> Vec<(u64, u64, Content)> {
        let mut seen = Vec::new();
        plane
            .visit::<()>(len, start, end, false, |a, b, segment| {
                seen.push((a, b, segment.content()));
                Ok(())
            })
            .unwrap();
        seen
    }

    #[test]
    fn partial_writes_split_and_whole_writes_collapse() {
        let mut scratch = Vec::new();
        let mut plane = Plane::Uniform(Segment::initial(Content::Undefined(UndefinedCause::Transient)));
        write(&mut plane, 8, 2, 4, 1, &mut scratch);
        write(&mut plane, 8, 3, 6, 2, &mut scratch);
        let seen = pieces(&mut plane, 8, 0, 8);
        assert_eq!(seen.iter().map(|&(a, b, _)| (a, b)).collect::<Vec<_>>(), vec![(0, 2), (2, 3), (3, 6), (6, 8)]);
        assert_eq!(seen[1].2, defined(1).content());
        assert_eq!(pieces(&mut plane, 8, 5, 7).len(), 2);
        write(&mut plane, 8, 0, 8, 3, &mut scratch);
        assert!(matches!(plane, Plane::Uniform(_)));
    }

    /// Sets the readers of `start..end`, splitting at the bounds.
    fn mark(plane: &mut Plane, len: u64, start: u64, end: u64, readers: u32) {
        plane
            .visit::<()>(len, start, end, true, |_, _, segment| {
                segment.readers = readers;
                Ok(())
            })
            .unwrap();
    }

    /// Every segment of the plane as `(start, end, value, readers)`.
    fn segments(plane: &mut Plane, len: u64) -> Vec<(u64, u64, Content, u32)> {
        let mut seen = Vec::new();
        plane
            .visit::<()>(len, 0, len, false, |a, b, segment| {
                seen.push((a, b, segment.content(), segment.readers));
                Ok(())
            })
            .unwrap();
        seen
    }

    #[test]
    fn exact_visits_split_at_the_bounds() {
        let mut plane = Plane::Uniform(defined(1));
        mark(&mut plane, 10, 3, 5, 9);
        let content = defined(1).content();
        assert_eq!(
            segments(&mut plane, 10),
            [(0, 3, content, NO_READER), (3, 5, content, 9), (5, 10, content, NO_READER)]
        );
    }

    #[test]
    fn planes_written_in_order_stay_runs_and_move_to_a_tree_for_edits_far_from_the_end() {
        let mut scratch = Vec::new();
        let len = 64 * 100;
        let mut plane = Plane::Uniform(Segment::initial(Content::Undefined(UndefinedCause::Transient)));
        for slot in 0..100 {
            write(&mut plane, len, slot * 64, slot * 64 + 64, slot as u32, &mut scratch);
            mark(&mut plane, len, slot * 64 + 16, slot * 64 + 48, slot as u32);
        }
        assert!(matches!(plane, Plane::Runs(_)));
        assert_eq!(segments(&mut plane, len).len(), 300);
        write(&mut plane, len, 8, 24, 1000, &mut scratch);
        assert!(matches!(plane, Plane::Tree(_)));
        let seen = segments(&mut plane, len);
        assert_eq!(seen.len(), 301);
        assert_eq!(seen[..3].iter().map(|&(a, b, ..)| (a, b)).collect::<Vec<_>>(), [(0, 8), (8, 24), (24, 48)]);
        assert_eq!(seen[1].2, defined(1000).content());
        assert_eq!(seen[2], (24, 48, defined(0).content(), 0));
    }

    /// An operation on a plane of [`MODEL_LEN`] units.
    #[derive(Clone, Debug)]
    enum Op {
        Write { start: u64, end: u64 },
        Mark { start: u64, end: u64 },
    }

    const MODEL_LEN: u64 = 300;

    fn op() -> impl Strategy<Value = Op> {
        let range = (0..MODEL_LEN, 1..=MODEL_LEN).prop_map(|(start, size)| (start, (start + size).min(MODEL_LEN)));
        prop_oneof![
            range.clone().prop_map(|(start, end)| Op::Write { start, end }),
            (0..MODEL_LEN).prop_map(|slot| Op::Write { start: slot, end: slot + 1 }),
            range.prop_map(|(start, end)| Op::Mark { start, end }),
        ]
    }

    proptest! {
        /// Whatever the representation a plane is in, it holds what a
        /// unit-by-unit model holds.
        #[test]
        fn planes_match_a_unit_model(ops in prop::collection::vec(op(), 1..400)) {
            let mut scratch = Vec::new();
            let initial = Segment::initial(Content::Undefined(UndefinedCause::Transient));
            let mut plane = Plane::Uniform(initial);
            let mut model = vec![(initial.content(), NO_READER); MODEL_LEN as usize];
            for (step, op) in ops.iter().enumerate() {
                let step = step as u32;
                match *op {
                    Op::Write { start, end } => {
                        write(&mut plane, MODEL_LEN, start, end, step, &mut scratch);
                        model[start as usize..end as usize].fill((defined(step).content(), NO_READER));
                    }
                    Op::Mark { start, end } => {
                        mark(&mut plane, MODEL_LEN, start, end, step);
                        for unit in &mut model[start as usize..end as usize] {
                            unit.1 = step;
                        }
                    }
                }
                let mut units = Vec::new();
                let mut covered = 0;
                for (a, b, content, readers) in segments(&mut plane, MODEL_LEN) {
                    prop_assert_eq!(a, covered);
                    prop_assert!(a < b);
                    covered = b;
                    units.extend((a..b).map(|_| (content, readers)));
                }
                prop_assert_eq!(&units, &model);
            }
        }
    }

    #[test]
    fn writes_inside_one_segment_keep_its_remainder() {
        let mut scratch = Vec::new();
        let runs = |plane: &mut Plane| pieces(plane, 16, 0, 16);
        let mut plane = Plane::Uniform(defined(1));
        write(&mut plane, 16, 4, 8, 2, &mut scratch);
        write(&mut plane, 16, 4, 6, 3, &mut scratch);
        write(&mut plane, 16, 7, 8, 4, &mut scratch);
        write(&mut plane, 16, 10, 12, 5, &mut scratch);
        write(&mut plane, 16, 10, 12, 6, &mut scratch);
        let expected = [(0, 4, 1), (4, 6, 3), (6, 7, 2), (7, 8, 4), (8, 10, 1), (10, 12, 6), (12, 16, 1)]
            .map(|(a, b, value)| (a, b, defined(value).content()));
        assert_eq!(runs(&mut plane), expected);
    }
}
