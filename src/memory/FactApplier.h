#pragma once

#include "core/Result.h"
#include "llm/FactOperations.h"
#include "memory/SemanticMemory.h"

namespace engram {

class MemoryService;

// What one extraction did to the profile, in words a notice can show ("project → 短视频").
struct AppliedFacts
{
    struct Change
    {
        SemanticMemory::Outcome outcome{SemanticMemory::Outcome::Created};
        QString factId;
        QString subject;
        QString predicate;
        QString object;
    };
    QList<Change> changes;
    QStringList forgotten; // predicates of facts removed on the user's request ("忘掉…")
};

// Applies extracted operations (from RuleExtractor or the model) to semantic memory: every fact
// and update goes through SemanticMemory (supersede, pending, manual wins); deletes remove the
// current fact of the key. Subjects and predicates are canonicalised first.
class FactApplier final
{
public:
    struct Provenance
    {
        FactSource source{FactSource::UserInput};
        QString conversationId;
        QString messageId;
        QString model;
        QString client;           // another AI tool, through the MCP server
        bool needsConfirmation{}; // every fact waits for the user (a tool not trusted yet)
    };

    static Result<AppliedFacts> apply(MemoryService& memory, const QString& userId, const FactOperations& ops,
                                      const Provenance& provenance);
};

} // namespace engram
