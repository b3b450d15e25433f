//! "Did you mean": the closest known word to a misspelled one.

/// The candidate closest to `word` by edit distance, if close enough to be a
/// likely misspelling.
pub(crate) fn closest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    if let Some(same) = candidates.iter().find(|candidate| candidate.eq_ignore_ascii_case(word)) {
        return Some(same);
    }
    let limit = (word.len() / 3).max(1);
    candidates
        .iter()
        .map(|candidate| (distance(word, candidate), *candidate))
        .filter(|(distance, _)| *distance <= limit)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

/// A " did you mean `x`?" suffix, or nothing.
pub(crate) fn did_you_mean(word: &str, candidates: &[&str]) -> String {
    closest(word, candidates).map(|candidate| format!("; did you mean `{candidate}`?")).unwrap_or_default()
}

/// Levenshtein distance, with a transposition of two neighbours counting one.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut rows = vec![(0..=b.len()).collect::<Vec<_>>(); a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let substitution = rows[i - 1][j - 1] + usize::from(a[i - 1] != b[j - 1]);
            let mut best = substitution.min(rows[i - 1][j] + 1).min(rows[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::{closest, distance};

    #[test]
    fn finds_misspellings() {
        assert_eq!(closest("sampeld", &["sampled", "uniform"]), Some("sampled"));
        assert_eq!(closest("overwite", &["overwrite", "preserve"]), Some("overwrite"));
        assert_eq!(closest("serde", &["sampled", "uniform"]), None);
        assert_eq!(closest("rgba16float", &["Rgba16Uint", "Rgba16Float"]), Some("Rgba16Float"), "case aside first");
        assert_eq!(distance("ab", "ba"), 1);
    }
}
