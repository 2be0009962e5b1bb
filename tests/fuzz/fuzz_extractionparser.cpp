// Fuzzes ExtractionParser: parse, write what was read back as a reply, parse again, compare.
// ExtractionParser has no writer, so the harness has a small one (the reply format the
// extraction prompt asks for: {"facts":[…],"updates":[…],"deletes":[…]}). A reply that parses must
// parse again to exactly the same operations with nothing dropped: what the parser lets through
// is valid by its own rules, and canonical forms stay canonical.
#include "FuzzSupport.h"
#include "core/MemoryTypes.h"
#include "llm/ExtractionParser.h"

using namespace engram;

namespace {

Json candidates(const QList<FactCandidate>& list)
{
    Json out = Json::array();
    for (const FactCandidate& c : list)
        out.push_back({{"subject", c.subject.toStdString()},
                       {"predicate", c.predicate.toStdString()},
                       {"object", c.object.toStdString()},
                       {"confidence", c.confidence}});
    return out;
}

QString serialize(const FactOperations& ops)
{
    Json deletes = Json::array();
    for (const FactDelete& d : ops.deletes)
        deletes.push_back({{"subject", d.subject.toStdString()}, {"predicate", d.predicate.toStdString()}});
    const Json root = {{"facts", candidates(ops.facts)}, {"updates", candidates(ops.updates)}, {"deletes", deletes}};
    return QString::fromStdString(root.dump());
}

QString describe(const FactOperations& ops)
{
    return serialize(ops).left(2000);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    fuzz::initQt();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const auto first = ExtractionParser::parse(fuzz::text(data, size));
    if (!first)
        return 0;
    if (first->dropped != first->problems.size())
        fuzz::fail("one problem line per dropped entry");
    for (const FactCandidate& c : first->operations.facts + first->operations.updates) {
        if (c.subject.isEmpty() || c.predicate.isEmpty() || c.object.isEmpty())
            fuzz::fail("a parsed fact has subject, predicate and object", describe(first->operations));
        if (!(c.confidence >= 0.0 && c.confidence <= 1.0))
            fuzz::fail("a parsed confidence is within 0..1", QString::number(c.confidence));
    }
    const QString written = serialize(first->operations);
    const auto second = ExtractionParser::parse(written);
    if (!second)
        fuzz::fail("what the parser read, written back, parses", written + u'\n' + second.errorMessage());
    if (second->dropped != 0)
        fuzz::fail("what the parser read, written back, drops nothing",
                   written + u'\n' + second->problems.join(u'\n'));
    if (!(second->operations.facts == first->operations.facts &&
          second->operations.updates == first->operations.updates &&
          second->operations.deletes == first->operations.deletes))
        fuzz::fail("parse, write, parse gives the same operations",
                   QStringLiteral("first:  %1\nsecond: %2").arg(describe(first->operations), describe(second->operations)));
    return 0;
}
