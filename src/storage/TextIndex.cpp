#include "storage/TextIndex.h"

#include <QSet>

#include <algorithm>
#include <cmath>

namespace engram {

QList<SearchTerm> searchTerms(const QStringList& tokens)
{
    QList<SearchTerm> terms;
    QSet<QString> seen;
    for (const QString& t : tokens) {
        if (t.isEmpty() || seen.contains(t))
            continue;
        seen.insert(t);
        terms.append(SearchTerm{t, 1.0});
    }
    return terms;
}

int termCopies(const SearchTerm& term, const QList<SearchTerm>& terms)
{
    double lightest = 1.0;
    for (const SearchTerm& t : terms)
        lightest = std::min(lightest, t.weight);
    return std::clamp(static_cast<int>(std::lround(term.weight / lightest)), 1, 3);
}

void sortHits(QList<EpisodeHit>& hits)
{
    std::sort(hits.begin(), hits.end(), [](const EpisodeHit& a, const EpisodeHit& b) {
        return a.score != b.score ? a.score > b.score : a.episode.createdAt > b.episode.createdAt;
    });
}

} // namespace engram
