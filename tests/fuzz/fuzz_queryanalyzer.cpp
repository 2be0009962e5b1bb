// Fuzzes QueryAnalyzer: any query at any "now", no crash, and terms the retriever can use.
#include "FuzzSupport.h"
#include "core/SearchTokenizer.h"
#include "memory/QueryAnalyzer.h"
#include "storage/SqliteBackend.h"

#include <QSet>

#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>

using namespace engram;

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    fuzz::initQt();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider provider(data, size);
    // The last bytes pick "now" within about 300 years of 2026 (FuzzedDataProvider takes integers
    // from the end), so seeds are plain queries.
    const qint64 offsetDays = provider.ConsumeIntegralInRange<qint64>(-60000, 60000);
    const QDateTime now = QDateTime(QDate(2026, 12, 1), QTime(12, 0), Qt::UTC).addDays(offsetDays);
    const std::string rest = provider.ConsumeRemainingBytesAsString();
    const QString query = QString::fromUtf8(rest.data(), static_cast<qsizetype>(rest.size()));

    const AnalyzedQuery analyzed = QueryAnalyzer::analyze(query, now);
    const QStringList tokens = SearchTokenizer::tokenize(query);
    if (analyzed.terms.size() > tokens.size())
        fuzz::fail("no more terms than the query's tokens",
                   QStringLiteral("%1 terms, %2 tokens").arg(analyzed.terms.size()).arg(tokens.size()));
    if (analyzed.parts < 0 || analyzed.parts > 32)
        fuzz::fail("question parts in 0..32", QString::number(analyzed.parts));
    QSet<QString> seen;
    for (const QueryTerm& term : analyzed.terms) {
        if (term.text.isEmpty())
            fuzz::fail("every term non-empty");
        if (seen.contains(term.text))
            fuzz::fail("terms are distinct", term.text);
        seen.insert(term.text);
        if (term.kind != QueryAnalyzer::kindOf(term.text))
            fuzz::fail("a term's kind is the kind of its text", term.text);
        if (!(term.weight == 1.0 || std::abs(term.weight - QueryAnalyzer::kChatterWeight) < 1e-12))
            fuzz::fail("a term weighs 1 or the chatter weight", QString::number(term.weight));
    }
    if (fts5Expression(analyzed.searchTerms()).isEmpty() != analyzed.terms.isEmpty())
        fuzz::fail("a match expression exactly when there are terms", fts5Expression(analyzed.searchTerms()));
    if (analyzed.wordWeight() < 0 || analyzed.wordWeight() > analyzed.terms.size())
        fuzz::fail("word weight within 0..terms", QString::number(analyzed.wordWeight()));
    if (analyzed.time) {
        const TimeWindow& w = *analyzed.time;
        if (!w.start.isValid() || !w.end.isValid() || !(w.start < w.end))
            fuzz::fail("a time window is a valid, non-empty span",
                       w.start.toString(Qt::ISODate) + QStringLiteral(" .. ") + w.end.toString(Qt::ISODate));
        if (w.start.daysTo(w.end) > 7)
            fuzz::fail("a time window is at most a week", w.start.toString(Qt::ISODate));
    }
    return 0;
}
