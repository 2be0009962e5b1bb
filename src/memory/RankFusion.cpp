#include "memory/RankFusion.h"

#include <QHash>

#include <algorithm>

namespace engram {

QList<FusedRank> RankFusion::fuse(const QList<QStringList>& rankings, int k)
{
    QList<FusedRank> fused;
    QHash<QString, qsizetype> at;
    for (const QStringList& ranking : rankings) {
        for (qsizetype i = 0; i < ranking.size(); ++i) {
            const QString& id = ranking[i];
            auto it = at.constFind(id);
            if (it == at.constEnd()) {
                it = at.insert(id, fused.size());
                fused.append(FusedRank{id, 0.0});
            }
            fused[*it].score += 1.0 / double(k + i + 1);
        }
    }
    std::stable_sort(fused.begin(), fused.end(),
                     [](const FusedRank& a, const FusedRank& b) { return a.score > b.score; });
    return fused;
}

} // namespace engram
