//! Large tables on large memory pages. The solve reads rows of the river
//! table and of its river decisions in an order no cache can
//! follow; with the usual 4 KB pages nearly every row read also misses the
//! processor's address-translation cache. Asking Linux for 2 MB pages on
//! these tables made the solve about a fifth faster when the table took
//! 713 MB (`docs/speed.md`).
//!
//! Memory reused for a new table ([`to_be_written_over_on_large_pages`])
//! is not zeroed: the caller writes every element. The checked builds
//! (debug builds, and the engine's own tests, which CI runs in release)
//! fill it with [`Zero::POISON`] first, and [`assert_written`] then finds
//! any element a caller skipped, which would otherwise hold a value of
//! the table before (or zero, on new memory) and change figures silently.

/// Integers whose zero is all zero bits: a vector of them comes from
/// memory the system has not touched yet, so the advice below arrives
/// before the pages are chosen.
pub(crate) trait Zero: Copy + PartialEq {
    const ZERO: Self;
    /// All ones: what the checked builds fill memory to be written over
    /// with (see the module).
    const POISON: Self;
}

impl Zero for u16 {
    const ZERO: u16 = 0;
    const POISON: u16 = u16::MAX;
}

impl Zero for u32 {
    const ZERO: u32 = 0;
    const POISON: u32 = u32::MAX;
}

impl Zero for u64 {
    const ZERO: u64 = 0;
    const POISON: u64 = u64::MAX;
}

/// Whether this build checks that memory to be written over was (the
/// debug builds and the engine's own tests).
const CHECKED: bool = cfg!(any(debug_assertions, test));

/// A vector of `n` zeros whose memory Linux is asked to back with 2 MB
/// pages (transparent huge pages, where the system allows them; elsewhere,
/// or if refused, ordinary pages: the contents are the same either way).
pub(crate) fn zeroed_on_large_pages<T: Zero>(n: usize) -> Vec<T> {
    let mut v = vec![T::ZERO; n];
    advise_large_pages(&mut v);
    v
}

/// A vector of `n` elements in the memory of `v` if it holds them, else
/// [`zeroed_on_large_pages`] (`v` freed first). Not zeroed when reused:
/// its first elements are `v`'s old ones, the others zero, so the caller
/// must write every element (memory written over costs no page faults)
/// and may check it did with [`assert_written`]. In the checked builds
/// every element is [`Zero::POISON`], reused or not.
pub(crate) fn to_be_written_over_on_large_pages<T: Zero>(mut v: Vec<T>, n: usize) -> Vec<T> {
    if v.capacity() < n {
        drop(v);
        v = zeroed_on_large_pages(n);
    } else {
        v.truncate(n);
        v.resize(n, T::ZERO);
    }
    if CHECKED {
        v.fill(T::POISON);
    }
    v
}

/// In the checked builds, panics naming `what` if an element of `v` (a
/// vector of [`to_be_written_over_on_large_pages`], written) still holds
/// [`Zero::POISON`]: for a caller no element of whose table can be all
/// ones, an element it skipped. Nothing in the other builds.
pub(crate) fn assert_written<T: Zero>(v: &[T], what: &str) {
    if CHECKED {
        if let Some(i) = v.iter().position(|&x| x == T::POISON) {
            panic!(
                "{what}: element {i} of {} was not written (memory to be written over)",
                v.len()
            );
        }
    }
}

#[cfg(target_os = "linux")]
fn advise_large_pages<T>(v: &mut [T]) {
    const LARGE: usize = 1 << 21;
    let start = v.as_mut_ptr() as usize;
    let end = start + std::mem::size_of_val(v);
    // The whole 2 MB pages inside the vector.
    let (first, last) = (start.next_multiple_of(LARGE), end / LARGE * LARGE);
    if last > first {
        // SAFETY: the range lies inside memory this vector owns, and
        // MADV_HUGEPAGE is advice: it changes neither the contents nor the
        // validity of the memory. A refusal (an error code) is ignored.
        unsafe {
            libc::madvise(
                first as *mut libc::c_void,
                last - first,
                libc::MADV_HUGEPAGE,
            );
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_large_pages<T>(_: &mut [T]) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_element_left_unwritten_is_found_in_reused_and_in_new_memory() {
        // Reused (capacity 10 for 6) and new (capacity 2 for 6): the old
        // values 7 and the zeros of new memory are both poisoned, so an
        // element skipped shows whichever memory came.
        for old in [vec![7u16; 10], vec![7u16; 2]] {
            let mut v = to_be_written_over_on_large_pages(old, 6);
            assert_eq!(v.len(), 6);
            for (i, x) in v.iter_mut().enumerate().skip(1) {
                *x = i as u16;
            }
            let skipped = std::panic::catch_unwind(|| assert_written(&v, "test"));
            assert!(skipped.is_err(), "element 0 was skipped");
            v[0] = 0;
            assert_written(&v, "test");
        }
    }
}
