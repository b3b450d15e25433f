//! [`Table`]: a recording table whose emptied slots are overwritten in place.
//!
//! Emptying a table of records that own heap data (labels, descriptors) runs
//! their destructors, which reads every record once more after compilation is
//! done with them. A `Table` instead forgets its length and drops a stale
//! record when the next recording writes its slot, while that memory is being
//! written anyway. Stale records hold only plain data, never the natives or
//! callbacks whose release callers can observe; those are dropped when their
//! recording ends.

use std::ops::{Deref, DerefMut};

/// A vector whose first `len` slots are the table; later slots hold stale
/// records of an earlier recording, dropped when overwritten.
pub(crate) struct Table<T> {
    slots: Vec<T>,
    len: usize,
}

impl<T> Default for Table<T> {
    fn default() -> Self {
        Self { slots: Vec::new(), len: 0 }
    }
}

impl<T> Table<T> {
    /// Appends the record `make` builds, in place.
    #[inline(always)]
    pub fn push_built(&mut self, make: impl FnOnce() -> T) {
        match self.slots.get_mut(self.len) {
            Some(slot) => *slot = make(),
            None => super::push_built(&mut self.slots, make),
        }
        self.len += 1;
    }

    /// The stale record in the slot the next record will take, if any, for
    /// a caller that overwrites it in place (keeping storage it owns) and
    /// then calls [`take_stale`](Self::take_stale).
    #[inline]
    pub fn next_stale(&mut self) -> Option<&mut T> {
        self.slots.get_mut(self.len)
    }

    /// Makes the slot of [`next_stale`](Self::next_stale), which the caller
    /// has overwritten, the table's last record.
    #[inline]
    pub fn take_stale(&mut self) {
        debug_assert!(self.len < self.slots.len(), "no stale slot to take");
        self.len += 1;
    }

    /// Forgets every record; they are dropped as their slots are reused.
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl<T> Deref for Table<T> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        &self.slots[..self.len]
    }
}

impl<T> DerefMut for Table<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.slots[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::Table;

    #[test]
    fn cleared_slots_are_reused_in_place() {
        let mut table = Table::default();
        for label in ["a", "b", "c"] {
            table.push_built(|| label.to_owned());
        }
        table.clear();
        assert!(table.is_empty());
        table.push_built(|| "d".to_owned());
        assert_eq!(&*table, ["d"]);
        table.push_built(|| "e".to_owned());
        table.push_built(|| "f".to_owned());
        table.push_built(|| "g".to_owned());
        assert_eq!(&*table, ["d", "e", "f", "g"]);
    }
}
