#include "memory/FactApplier.h"

#include "memory/MemoryService.h"

namespace engram {

Result<AppliedFacts> FactApplier::apply(MemoryService& memory, const QString& userId, const FactOperations& ops,
                                        const Provenance& provenance)
{
    AppliedFacts applied;
    QList<FactCandidate> candidates = ops.facts;
    candidates += ops.updates;
    for (const FactCandidate& c : std::as_const(candidates)) {
        FactInput in;
        in.subject = canonicalSubject(c.subject);
        in.predicate = canonicalPredicate(c.predicate);
        in.object = c.object;
        in.confidence = c.confidence;
        in.source = provenance.source;
        in.conversationId = provenance.conversationId;
        in.messageId = provenance.messageId;
        in.model = provenance.model;
        in.client = provenance.client;
        in.needsConfirmation = provenance.needsConfirmation;
        auto change = memory.rememberFact(userId, in, Actor::Assistant);
        if (!change) {
            if (change.error().code == Error::Code::InvalidInput)
                continue; // one bad candidate does not spoil the rest
            return change.error();
        }
        applied.changes.append(
            {change->outcome, change->fact.id, change->fact.subject, change->fact.predicate, change->fact.object});
    }
    // A tool the user has not trusted may suggest facts, not take any away.
    const QList<FactDelete> deletes = provenance.needsConfirmation ? QList<FactDelete>() : ops.deletes;
    for (const FactDelete& d : deletes) {
        auto forgotten = memory.forgetFact(userId, canonicalSubject(d.subject), canonicalPredicate(d.predicate));
        if (!forgotten)
            return forgotten.error();
        if (*forgotten)
            applied.forgotten.append(canonicalPredicate(d.predicate));
    }
    return applied;
}

} // namespace engram
