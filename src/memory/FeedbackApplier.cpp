#include "memory/FeedbackApplier.h"

#include "memory/MemoryService.h"
#include "storage/FactStore.h"

#include <algorithm>

namespace engram {
namespace {

bool isLatinWordChar(QChar c)
{
    return c.unicode() < 0x80 && c.isLetterOrNumber();
}

// The reply this message answers, and the user message that reply answered.
struct PreviousTurn
{
    QString reply;
    QString userMessageId;
};

std::optional<PreviousTurn> previousTurn(const QList<Message>& transcript, const QString& messageId)
{
    qsizetype at = -1;
    for (qsizetype i = 0; i < transcript.size(); ++i) {
        if (transcript.at(i).id == messageId)
            at = i;
    }
    // Feedback is about the message right before it; after a failed turn there is no reply to judge.
    if (at < 1 || transcript.at(at - 1).role != Role::Assistant)
        return std::nullopt;
    const Message& reply = transcript.at(at - 1);
    PreviousTurn turn;
    turn.reply = reply.content;
    if (reply.metadata.is_object())
        turn.userMessageId = QString::fromStdString(reply.metadata.value("reply_to", std::string()));
    for (qsizetype i = at - 2; i >= 0 && turn.userMessageId.isEmpty(); --i) {
        if (transcript.at(i).role == Role::User)
            turn.userMessageId = transcript.at(i).id;
    }
    return turn;
}

// Confirming two values of one key would make the second supersede the first: which one the user
// meant is unknown, so neither is confirmed.
QList<Fact> withoutRivals(const QList<Fact>& facts)
{
    QList<Fact> out;
    for (const Fact& f : facts) {
        const auto sameKey = [&f](const Fact& g) {
            return FactStore::normalizeKey(g.subject) == FactStore::normalizeKey(f.subject) &&
                   FactStore::normalizeKey(g.predicate) == FactStore::normalizeKey(f.predicate);
        };
        if (std::count_if(facts.begin(), facts.end(), sameKey) == 1)
            out.append(f);
    }
    return out;
}

} // namespace

bool FeedbackApplier::mentions(const QString& reply, const QString& object)
{
    const QString needle = FactStore::normalizeKey(object);
    if (needle.size() < 2)
        return false;
    const QString haystack = FactStore::normalizeKey(reply);
    for (qsizetype at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
        const qsizetype end = at + needle.size();
        const bool cutBefore = at > 0 && isLatinWordChar(needle.front()) && isLatinWordChar(haystack.at(at - 1));
        const bool cutAfter =
            end < haystack.size() && isLatinWordChar(needle.back()) && isLatinWordChar(haystack.at(end));
        if (!cutBefore && !cutAfter)
            return true;
    }
    return false;
}

QList<Fact> FeedbackApplier::targets(const QList<Fact>& current, const QString& reply,
                                     const QString& previousUserMessageId, const QString& ownMessageId)
{
    QList<Fact> mentioned;
    QList<Fact> taught;
    QList<Fact> both;
    for (const Fact& f : current) {
        if (!ownMessageId.isEmpty() && f.messageId == ownMessageId)
            continue;
        const bool isMentioned = mentions(reply, f.object);
        const bool isTaught = !previousUserMessageId.isEmpty() && f.messageId == previousUserMessageId;
        if (isMentioned)
            mentioned.append(f);
        if (isTaught)
            taught.append(f);
        if (isMentioned && isTaught)
            both.append(f);
    }
    if (!both.isEmpty())
        return both;
    if (!mentioned.isEmpty())
        return mentioned;
    if (taught.size() == 1)
        return taught;
    return {};
}

Result<AppliedFacts> FeedbackApplier::apply(MemoryService& memory, const QString& userId, const Message& message,
                                            Feedback feedback)
{
    AppliedFacts applied;
    if (feedback == Feedback::None)
        return applied;
    auto transcript = memory.transcript(userId, message.conversationId);
    if (!transcript)
        return transcript.error();
    const auto previous = previousTurn(*transcript, message.id);
    if (!previous)
        return applied;
    auto current = memory.currentFacts(userId);
    if (!current)
        return current.error();
    QList<Fact> chosen = targets(*current, previous->reply, previous->userMessageId, message.id);
    if (feedback == Feedback::Confirmation)
        chosen = withoutRivals(chosen);
    for (const Fact& f : std::as_const(chosen)) {
        Result<Fact> changed = f;
        if (feedback == Feedback::Correction) {
            // What the user set or pinned by hand wins over a guess about what "不对" refers to.
            if (f.source == FactSource::Manual || f.pinned)
                continue;
            changed = memory.weakenFact(userId, f.id, kCorrectionWeight);
        } else {
            changed = memory.confirmFact(userId, f.id);
        }
        if (!changed)
            return changed.error();
        const auto outcome =
            feedback == Feedback::Correction ? SemanticMemory::Outcome::Weakened : SemanticMemory::Outcome::Confirmed;
        applied.changes.append({outcome, changed->id, changed->subject, changed->predicate, changed->object});
    }
    return applied;
}

} // namespace engram
