#include "memory/SemanticMemory.h"

#include "memory/ItemJson.h"
#include "memory/MemoryContext.h"

#include <QRandomGenerator>
#include <QThread>

#include <algorithm>

namespace engram {
namespace {

bool isAutomatic(FactSource s)
{
    return s == FactSource::UserInput || s == FactSource::LlmExtract;
}

// Writes the fact's row and its audit event.
Status save(MemoryContext& ctx, const Fact& f, const Json& before, const QString& action, Actor actor)
{
    if (auto st = ctx.facts.update(f); !st)
        return st;
    return ctx.record(f.userId, f.id, itemtype::kFact, action, actor, before, itemjson::toJson(f));
}

// Confirming what is already believed makes it surer, as saying it again would.
Result<SemanticMemory::Change> reinforce(MemoryContext& ctx, Fact f)
{
    const double raised = std::min(1.0, std::max(f.confidence, 0.9) + 0.05);
    if (raised > f.confidence) {
        const Json before = itemjson::toJson(f);
        f.confidence = raised;
        f.updatedAt = ctx.clock.now();
        if (auto st = save(ctx, f, before, QStringLiteral("confirm"), Actor::User); !st)
            return st.error();
    }
    return SemanticMemory::Change{SemanticMemory::Outcome::Reinforced, f, {}};
}

} // namespace

SemanticMemory::SemanticMemory(MemoryContext& ctx)
    : m_ctx(ctx)
{}

Result<Fact> SemanticMemory::insertNew(const QString& userId, const FactInput& in, ItemStatus status, bool pinned,
                                       Actor actor)
{
    const QDateTime now = m_ctx.clock.now();
    Fact f;
    f.id = newId();
    f.userId = userId;
    f.subject = in.subject.trimmed();
    f.predicate = in.predicate.trimmed();
    f.object = in.object.trimmed();
    f.confidence = std::clamp(in.confidence, 0.0, 1.0);
    f.status = status;
    f.source = in.source;
    f.conversationId = in.conversationId;
    f.messageId = in.messageId;
    f.model = in.model;
    if (!in.client.isEmpty())
        f.metadata["client"] = in.client.toStdString();
    f.validFrom = f.createdAt = f.updatedAt = f.lastAccessAt = now;
    f.pinned = pinned;
    if (auto st = m_ctx.facts.insert(f); !st)
        return st.error();
    if (auto st =
            m_ctx.record(userId, f.id, itemtype::kFact, QStringLiteral("create"), actor, nullptr, itemjson::toJson(f));
        !st)
        return st.error();
    return f;
}

Result<SemanticMemory::Change> SemanticMemory::supersede(const Fact& current, const QString& userId,
                                                         const FactInput& input, Actor actor)
{
    const QDateTime now = m_ctx.clock.now();
    Fact old = current;
    const Json before = itemjson::toJson(old);
    // The old row leaves the unique "current" slot before the new one takes it.
    old.status = ItemStatus::Superseded;
    old.validTo = now;
    old.updatedAt = now;
    if (auto st = m_ctx.facts.update(old); !st)
        return st.error();
    auto created = insertNew(userId, input, ItemStatus::Active, current.pinned, actor);
    if (!created)
        return created.error();
    old.supersededBy = created->id;
    if (auto st = m_ctx.facts.update(old); !st)
        return st.error();
    if (auto st = m_ctx.record(userId, old.id, itemtype::kFact, QStringLiteral("supersede"), actor, before,
                               itemjson::toJson(old));
        !st)
        return st.error();
    return Change{Outcome::Superseded, *created, old};
}

Result<SemanticMemory::Change> SemanticMemory::upsert(const QString& userId, const FactInput& input, Actor actor)
{
    // Two clients of one server may write the same key at once: the one-current-value rule is a
    // unique index, so the later commit fails with a conflict, and reading the key again (now
    // with the other's value current) gives the right outcome. A file has one writer at a time.
    for (int attempt = 1;; ++attempt) {
        auto change = upsertOnce(userId, input, actor);
        if (change || change.error().code != Error::Code::Conflict || m_ctx.db.inTransaction() ||
            attempt == kConflictAttempts)
            return change;
        // A moment apart, unevenly, so that writers racing on one key do not meet again.
        QThread::msleep(static_cast<unsigned long>(QRandomGenerator::global()->bounded(1, 4 * attempt + 2)));
    }
}

Result<SemanticMemory::Change> SemanticMemory::upsertOnce(const QString& userId, const FactInput& input, Actor actor)
{
    if (input.subject.trimmed().isEmpty() || input.predicate.trimmed().isEmpty() || input.object.trimmed().isEmpty())
        return Error::invalid(QStringLiteral("A fact needs a subject, a predicate and an object"));
    if (input.subject.size() > kMaxFieldLength || input.predicate.size() > kMaxFieldLength ||
        input.object.size() > kMaxFieldLength)
        return Error::invalid(QStringLiteral("A fact's fields are limited to %1 characters").arg(kMaxFieldLength));
    if (input.confidence < 0.0 || input.confidence > 1.0)
        return Error::invalid(QStringLiteral("Confidence must be between 0 and 1"));

    Transaction tx(m_ctx.db);
    if (auto st = tx.begin(); !st)
        return st.error();
    auto current = m_ctx.facts.current(userId, input.subject, input.predicate);
    if (!current)
        return current.error();

    Result<Change> change = Error::invalid(QString());
    if (*current && FactStore::sameValue((*current)->object, input.object)) {
        Fact f = **current;
        const Json before = itemjson::toJson(f);
        f.confidence = std::min(1.0, std::max(f.confidence, input.confidence) + 0.05);
        f.updatedAt = m_ctx.clock.now();
        if (auto st = m_ctx.facts.update(f); !st)
            return st.error();
        if (auto st = m_ctx.record(userId, f.id, itemtype::kFact, QStringLiteral("update"), actor, before,
                                   itemjson::toJson(f));
            !st)
            return st.error();
        change = Change{Outcome::Reinforced, f, {}};
    } else if (input.source != FactSource::Manual &&
               (input.needsConfirmation || input.confidence < m_ctx.config.pendingBelow)) {
        auto f = insertNew(userId, input, ItemStatus::Pending, false, actor);
        if (!f)
            return f.error();
        change = Change{Outcome::Pending, *f, {}};
    } else if (*current && (*current)->source == FactSource::Manual && isAutomatic(input.source)) {
        auto f = insertNew(userId, input, ItemStatus::Pending, false, actor);
        if (!f)
            return f.error();
        change = Change{Outcome::Pending, *f, **current};
    } else if (*current) {
        change = supersede(**current, userId, input, actor);
    } else {
        auto f = insertNew(userId, input, ItemStatus::Active, false, actor);
        if (!f)
            return f.error();
        change = Change{Outcome::Created, *f, {}};
    }
    if (!change)
        return change.error();
    if (auto st = tx.commit(); !st)
        return st.error();
    return change;
}

Result<SemanticMemory::Change> SemanticMemory::confirm(const QString& userId, const QString& id)
{
    auto pending = m_ctx.facts.find(userId, id);
    if (!pending)
        return pending.error();
    if (pending->status == ItemStatus::Active)
        return reinforce(m_ctx, *pending);
    if (pending->status != ItemStatus::Pending)
        return Error{Error::Code::Conflict, QStringLiteral("Only a pending fact can be confirmed")};

    Transaction tx(m_ctx.db);
    if (auto st = tx.begin(); !st)
        return st.error();
    const QDateTime now = m_ctx.clock.now();
    auto current = m_ctx.facts.current(userId, pending->subject, pending->predicate);
    if (!current)
        return current.error();
    Fact previous;
    if (*current) {
        previous = **current;
        const Json before = itemjson::toJson(previous);
        previous.status = ItemStatus::Superseded;
        previous.validTo = now;
        previous.updatedAt = now;
        previous.supersededBy = pending->id;
        if (auto st = save(m_ctx, previous, before, QStringLiteral("supersede"), Actor::User); !st)
            return st.error();
    }
    Fact f = *pending;
    const Json before = itemjson::toJson(f);
    f.status = ItemStatus::Active;
    f.confidence = std::max(f.confidence, 0.9);
    f.importance = std::min(1.0, f.importance + 0.1);
    f.validFrom = f.updatedAt = now;
    f.pinned = f.pinned || previous.pinned;
    if (auto st = save(m_ctx, f, before, QStringLiteral("confirm"), Actor::User); !st)
        return st.error();
    if (auto st = tx.commit(); !st)
        return st.error();
    return Change{previous.id.isEmpty() ? Outcome::Created : Outcome::Superseded, f, previous};
}

Result<Fact> SemanticMemory::reject(const QString& userId, const QString& id)
{
    auto f = m_ctx.facts.find(userId, id);
    if (!f)
        return f.error();
    if (f->status != ItemStatus::Pending)
        return Error{Error::Code::Conflict, QStringLiteral("Only a pending fact can be rejected")};
    const Json before = itemjson::toJson(*f);
    f->status = ItemStatus::Rejected;
    f->updatedAt = m_ctx.clock.now();
    if (auto st = m_ctx.facts.update(*f); !st)
        return st.error();
    if (auto st = m_ctx.record(userId, id, itemtype::kFact, QStringLiteral("reject"), Actor::User, before,
                               itemjson::toJson(*f));
        !st)
        return st.error();
    return *f;
}

Result<Fact> SemanticMemory::edit(const QString& userId, const QString& id, const QString& object)
{
    const QString value = object.trimmed();
    if (value.isEmpty())
        return Error::invalid(QStringLiteral("A fact's value cannot be empty"));
    if (value.size() > kMaxFieldLength)
        return Error::invalid(QStringLiteral("A fact's value is limited to %1 characters").arg(kMaxFieldLength));
    auto f = m_ctx.facts.find(userId, id);
    if (!f)
        return f.error();
    const Json before = itemjson::toJson(*f);
    f->object = value;
    f->source = FactSource::Manual;
    f->confidence = 1.0;
    f->updatedAt = m_ctx.clock.now();
    if (auto st = m_ctx.facts.update(*f); !st)
        return st.error();
    if (auto st = m_ctx.record(userId, id, itemtype::kFact, QStringLiteral("edit"), Actor::User, before,
                               itemjson::toJson(*f));
        !st)
        return st.error();
    return *f;
}

Result<Fact> SemanticMemory::weaken(const QString& userId, const QString& id, double by)
{
    auto f = m_ctx.facts.find(userId, id);
    if (!f)
        return f.error();
    const Json before = itemjson::toJson(*f);
    f->confidence = std::max(0.0, f->confidence - by);
    if (f->status == ItemStatus::Active && f->confidence < m_ctx.config.pendingBelow)
        f->status = ItemStatus::Pending;
    f->updatedAt = m_ctx.clock.now();
    if (auto st = m_ctx.facts.update(*f); !st)
        return st.error();
    if (auto st = m_ctx.record(userId, id, itemtype::kFact, QStringLiteral("update"), Actor::Assistant, before,
                               itemjson::toJson(*f));
        !st)
        return st.error();
    return *f;
}

Result<QList<Fact>> SemanticMemory::activeFacts(const QString& userId) const
{
    FactFilter filter;
    filter.statuses = {ItemStatus::Active};
    return m_ctx.facts.list(userId, filter);
}

Result<QList<Fact>> SemanticMemory::currentFacts(const QString& userId) const
{
    FactFilter filter;
    filter.statuses = {ItemStatus::Active, ItemStatus::Pending};
    return m_ctx.facts.list(userId, filter);
}

Result<QList<Fact>> SemanticMemory::history(const QString& userId, const QString& id) const
{
    auto f = m_ctx.facts.find(userId, id);
    if (!f)
        return f.error();
    return m_ctx.facts.lineage(userId, f->subject, f->predicate);
}

} // namespace engram
