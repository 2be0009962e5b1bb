#include "RetrievalMetrics.h"

#include <cmath>

namespace engram::bench {

RankScore scoreRanking(const QStringList& ranked, const QSet<QString>& relevant)
{
    RankScore s;
    if (relevant.isEmpty())
        return s;
    const auto recallAt = [&](int k) {
        int found = 0;
        for (qsizetype i = 0; i < ranked.size() && i < k; ++i)
            found += relevant.contains(ranked.at(i)) ? 1 : 0;
        return static_cast<double>(found) / static_cast<double>(relevant.size());
    };
    s.recall1 = recallAt(1);
    s.recall5 = recallAt(5);
    s.recall10 = recallAt(10);
    s.hit5 = s.recall5 > 0 ? 1.0 : 0.0;
    double dcg = 0;
    double ideal = 0;
    for (qsizetype i = 0; i < 10; ++i) {
        const double gain = 1.0 / std::log2(static_cast<double>(i) + 2.0);
        if (i < ranked.size() && relevant.contains(ranked.at(i)))
            dcg += gain;
        if (i < relevant.size())
            ideal += gain;
    }
    s.ndcg10 = ideal > 0 ? dcg / ideal : 0;
    return s;
}

QStringList distinct(const QStringList& keys)
{
    QStringList out;
    QSet<QString> seen;
    for (const QString& k : keys) {
        if (!seen.contains(k)) {
            seen.insert(k);
            out.append(k);
        }
    }
    return out;
}

void MetricSums::add(const QString& method, const QString& group, const RankScore& score)
{
    for (const QString& g : {group, QStringLiteral("all")}) {
        Sum& sum = m_sums[method][g];
        sum.total.recall1 += score.recall1;
        sum.total.recall5 += score.recall5;
        sum.total.recall10 += score.recall10;
        sum.total.hit5 += score.hit5;
        sum.total.ndcg10 += score.ndcg10;
        ++sum.n;
    }
}

RankScore MetricSums::mean(const QString& method, const QString& group) const
{
    const Sum sum = m_sums.value(method).value(group);
    if (sum.n == 0)
        return {};
    const double n = sum.n;
    return {sum.total.recall1 / n, sum.total.recall5 / n, sum.total.recall10 / n, sum.total.hit5 / n,
            sum.total.ndcg10 / n};
}

int MetricSums::count(const QString& method, const QString& group) const
{
    return m_sums.value(method).value(group).n;
}

} // namespace engram::bench
