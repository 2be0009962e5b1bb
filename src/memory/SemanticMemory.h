#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"

#include <QList>

namespace engram {

struct MemoryContext;

// A statement about the user to remember, from whichever source.
struct FactInput
{
    QString subject{QStringLiteral("user")};
    QString predicate;
    QString object;
    double confidence{1.0};
    FactSource source{FactSource::UserInput};
    QString conversationId;
    QString messageId;
    QString model;
    QString client; // another AI tool that wrote it through the MCP server (kept in the metadata)
    bool needsConfirmation{}; // pending whatever its confidence (a tool the user has not trusted)
};

// Stable facts about the user as subject–predicate–object, UPDATED rather than appended: one
// current value per (subject, predicate); a new value supersedes the old, which stays in the
// history. Low confidence is pending until the user confirms; a value the user set by hand wins
// over any automatic value until the user changes it.
class SemanticMemory final
{
public:
    explicit SemanticMemory(MemoryContext& ctx);

    enum class Outcome
    {
        Created,    // a new current fact
        Superseded, // the key had another value; it is now history
        Reinforced, // the same value again: confidence raised
        Pending,    // stored for the user to confirm (low confidence, or a manual value stands)
        // The user's feedback on a reply (FeedbackApplier), never a result of upsert():
        Weakened,  // "不对": confidence lowered, out of the context below the pending threshold
        Confirmed, // "对，没错": pending → active, or an active fact's confidence raised
    };
    struct Change
    {
        Outcome outcome{Outcome::Created};
        Fact fact;     // the fact as stored now
        Fact previous; // superseded: the old value
    };

    Result<Change> upsert(const QString& userId, const FactInput& input, Actor actor = Actor::Assistant);

    // Pending → active (superseding the current value). Confidence rises to at least 0.9; an
    // active fact is reinforced instead (at least 0.9, plus 0.05).
    Result<Change> confirm(const QString& userId, const QString& id);
    // Pending → rejected: never in context, kept in the history.
    Result<Fact> reject(const QString& userId, const QString& id);
    // The user's correction of the value; the fact becomes manual and keeps its id.
    Result<Fact> edit(const QString& userId, const QString& id, const QString& object);
    // A correction that contradicts the fact ("不对", "that's wrong"): lowers confidence; below the
    // pending threshold the fact leaves the context and waits for the user.
    Result<Fact> weaken(const QString& userId, const QString& id, double by = 0.3);

    // Current facts for the context: pinned first, then by confidence.
    Result<QList<Fact>> activeFacts(const QString& userId) const;
    // Current facts: active and pending (not superseded, rejected or deleted).
    Result<QList<Fact>> currentFacts(const QString& userId) const;
    // Every version of the fact's key, oldest first.
    Result<QList<Fact>> history(const QString& userId, const QString& id) const;

    static constexpr int kMaxFieldLength = 500;
    // How often upsert() tries when another client's write of the same key got there first.
    static constexpr int kConflictAttempts = 12;

private:
    Result<Change> upsertOnce(const QString& userId, const FactInput& input, Actor actor);
    Result<Fact> insertNew(const QString& userId, const FactInput& input, ItemStatus status, bool pinned, Actor actor);
    Result<Change> supersede(const Fact& current, const QString& userId, const FactInput& input, Actor actor);

    MemoryContext& m_ctx;
};

} // namespace engram
