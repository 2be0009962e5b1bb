#include "memory/ContextBuilder.h"

#include "core/TokenEstimator.h"
#include "memory/FactLabels.h"
#include "memory/MemoryContext.h"
#include "memory/Retriever.h"

#include <QSet>

#include <algorithm>

namespace engram {
namespace {

QString heading(const ContextRequest& r, const char* zh, const char* en)
{
    return r.chinese ? QString::fromUtf8(zh) : QString::fromLatin1(en);
}

int cost(const QString& line)
{
    return TokenEstimator::estimate(line) + 1; // + the line break
}

} // namespace

int ContextResult::totalTokens() const
{
    int total = 0;
    for (const ContextSection& s : sections)
        total += s.tokens;
    return total;
}

QStringList ContextResult::memoryIds() const
{
    QStringList ids;
    for (const ContextSection& s : sections)
        ids += s.ids;
    return ids;
}

const ContextSection* ContextResult::section(const QString& name) const
{
    for (const ContextSection& s : sections) {
        if (s.name == name)
            return &s;
    }
    return nullptr;
}

namespace {
constexpr int kMinLineTokens = 4; // "- a: b" and its line break
constexpr int kMaxMissedFacts = 16;
} // namespace

ContextBuilder::ContextBuilder(MemoryContext& ctx, const Retriever& retriever)
    : m_ctx(ctx)
    , m_retriever(retriever)
    // What the profile reads (access counts are not).
    , m_factWrites(ctx.db, QStringLiteral("facts"),
                   {QStringLiteral("user_id"), QStringLiteral("subject"), QStringLiteral("predicate"),
                    QStringLiteral("object"), QStringLiteral("confidence"), QStringLiteral("status"),
                    QStringLiteral("pinned"), QStringLiteral("updated_at")})
{}

Result<ContextSection> ContextBuilder::profile(const ContextRequest& r, QString& text) const
{
    auto version = m_factWrites.version();
    if (!version)
        return version.error();
    const int budget = m_ctx.config.profileBudget;
    if (!m_profile || m_profile->version != *version || m_profile->userId != r.userId ||
        m_profile->chinese != r.chinese || m_profile->budget != budget) {
        CachedProfile fresh{r.userId, r.chinese, budget, *version, {}, {}};
        auto section = readProfile(r, fresh.text);
        if (!section)
            return section.error();
        fresh.section = std::move(section).value();
        m_profile = std::move(fresh);
    }
    text += m_profile->text;
    return m_profile->section;
}

Result<ContextSection> ContextBuilder::readProfile(const ContextRequest& r, QString& text) const
{
    ContextSection section{QStringLiteral("profile"), {}, 0, m_ctx.config.profileBudget, {}};
    FactFilter filter;
    filter.statuses = {ItemStatus::Active};
    // A line costs at least kMinLineTokens, so no more facts than this can fit.
    filter.limit = section.budget / kMinLineTokens + 1;
    filter.tripleOnly = true;
    const QString head = heading(r, "【用户画像】", "[User profile]");
    int used = cost(head);
    int missed = 0;
    QString body;
    // Pinned first, then by confidence. A fact that does not fit is passed over for shorter,
    // lower-priority ones, but a profile of hundreds of facts is not read whole for every turn:
    // the reading stops once the budget is spent or kMaxMissedFacts in a row did not fit.
    auto st = m_ctx.facts.forEach(r.userId, filter, [&](const Fact& f) {
        const QString subject =
            FactStore::normalizeKey(f.subject) == QLatin1String("user") ? QString() : f.subject + QLatin1Char(' ');
        const QString line = QStringLiteral("- ") + subject + f.predicate + QStringLiteral(": ") + f.object;
        const int c = cost(line);
        if (used + c > section.budget)
            return ++missed < kMaxMissedFacts;
        missed = 0;
        used += c;
        body += line + QLatin1Char('\n');
        section.ids.append(f.id);
        section.labels.append(FactLabels::statement(f.subject, f.predicate, f.object));
        return section.budget - used >= kMinLineTokens;
    });
    if (!st)
        return st.error();
    if (section.ids.isEmpty())
        return section;
    section.tokens = used;
    text += head + QLatin1Char('\n') + body;
    return section;
}

ContextSection ContextBuilder::summaries(const ContextRequest& r, const QList<EpisodeHit>& hits, int budget,
                                         QString& text) const
{
    ContextSection section{QStringLiteral("summaries"), {}, 0, budget, {}};
    const QString head = heading(r, "【对话历史摘要】", "[Summary of earlier conversations]");
    int used = cost(head);
    QString body;
    for (const EpisodeHit& h : hits) {
        const QString line = QStringLiteral("- ") + h.episode.content;
        const int c = cost(line);
        if (used + c > budget)
            continue;
        used += c;
        body += line + QLatin1Char('\n');
        section.ids.append(h.episode.id);
        section.labels.append(h.episode.content);
    }
    if (section.ids.isEmpty())
        return section;
    section.tokens = used;
    text += head + QLatin1Char('\n') + body;
    return section;
}

ContextSection ContextBuilder::exchanges(const ContextRequest& r, const QList<EpisodeHit>& hits, int budget,
                                         const QSet<QString>& windowIds, QString& text) const
{
    ContextSection section{QStringLiteral("exchanges"), {}, 0, budget, {}};
    const QString head = heading(r, "【相关历史对话】", "[Related past exchanges]");
    const QString userLabel = heading(r, "用户：", "User: ");
    const QString replyLabel = heading(r, "助手：", "Assistant: ");
    int used = cost(head);
    QString body;
    for (const EpisodeHit& h : hits) {
        if (section.ids.size() >= m_ctx.config.relatedExchanges)
            break;
        const auto messageId = h.episode.metadata.value("user_message_id", std::string());
        if (windowIds.contains(QString::fromStdString(messageId)))
            continue;
        QString line = QStringLiteral("- ") + userLabel + h.episode.content;
        if (!h.episode.response.isEmpty())
            line += QStringLiteral(" / ") + replyLabel + h.episode.response;
        const int c = cost(line);
        if (used + c > budget)
            continue;
        used += c;
        body += line + QLatin1Char('\n');
        section.ids.append(h.episode.id);
        section.labels.append(h.episode.content);
    }
    if (section.ids.isEmpty())
        return section;
    section.tokens = used;
    text += head + QLatin1Char('\n') + body;
    return section;
}

Result<ContextSection> ContextBuilder::window(const ContextRequest& r, QList<ChatMessage>& out,
                                              QSet<QString>& ids) const
{
    ContextSection section{QStringLiteral("window"), {}, 0, m_ctx.config.windowBudget, {}};
    if (r.conversationId.isEmpty())
        return section;
    auto messages =
        m_ctx.messages.inState(r.userId, WindowState::InWindow, r.conversationId, MessageDetail::WithoutMetadata);
    if (!messages)
        return messages.error();
    messages->removeIf([&](const Message& m) { return m.id == r.queryMessageId; }); // it goes last
    // Pinned messages first, then the newest backwards, until the budget is spent.
    QList<qsizetype> order;
    for (qsizetype i = messages->size() - 1; i >= 0; --i) {
        if (messages->at(i).pinned)
            order.append(i);
    }
    for (qsizetype i = messages->size() - 1; i >= 0; --i) {
        if (!messages->at(i).pinned)
            order.append(i);
    }
    QSet<qsizetype> chosen;
    int used = 0;
    for (qsizetype i : order) {
        const int c = TokenEstimator::estimate(messages->at(i).textForModel()) + TokenEstimator::kPerMessageOverhead;
        if (used + c > section.budget) {
            if (messages->at(i).pinned)
                continue;
            break; // older unpinned messages would leave a gap in the conversation
        }
        used += c;
        chosen.insert(i);
    }
    for (qsizetype i = 0; i < messages->size(); ++i) {
        if (!chosen.contains(i))
            continue;
        const Message& m = messages->at(i);
        out.append(ChatMessage{m.role, m.textForModel()});
        section.ids.append(m.id);
        section.labels.append(m.content);
        ids.insert(m.id);
    }
    section.tokens = used;
    return section;
}

Result<ContextResult> ContextBuilder::build(const ContextRequest& r) const
{
    ContextResult result;
    QList<ChatMessage> windowMessages;
    QSet<QString> windowIds;
    auto win = window(r, windowMessages, windowIds);
    if (!win)
        return win.error();

    QString system = r.systemPrompt;
    result.sections.append(
        ContextSection{QStringLiteral("system"), {}, TokenEstimator::estimate(r.systemPrompt), 0, {}});
    if (r.includeMemory && m_ctx.config.enabled) {
        QString memory;
        auto prof = profile(r, memory);
        if (!prof)
            return prof.error();
        // One search for both kinds. A few extra exchanges: those still in the window are in the
        // prompt verbatim already.
        const QList<EpisodeQuota> quotas{EpisodeQuota{EpisodeKind::Summary, m_ctx.config.relatedSummaries},
                                         EpisodeQuota{EpisodeKind::Exchange, m_ctx.config.relatedExchanges + 4}};
        // The user's earlier messages of the window count too when the new one asks nothing.
        QStringList earlier;
        for (const ChatMessage& m : std::as_const(windowMessages)) {
            if (m.role == Role::User)
                earlier.append(m.content);
        }
        auto hits = m_retriever.searchEpisodes(r.userId, QueryText(r.query, earlier), quotas, r.queryVector);
        if (!hits)
            return hits.error();
        ContextSection sums = summaries(r, hits->at(0), m_ctx.config.episodicBudget, memory);
        ContextSection exch = exchanges(r, hits->at(1), m_ctx.config.episodicBudget - sums.tokens, windowIds, memory);
        for (ContextSection* s : {&*prof, &sums, &exch}) {
            if (!s->ids.isEmpty())
                result.sections.append(*s);
        }
        if (!memory.isEmpty())
            system += QStringLiteral("\n\n") + memory.trimmed();
    }
    if (!system.isEmpty())
        result.messages.append(ChatMessage{Role::System, system});
    result.messages += windowMessages;
    if (!win->ids.isEmpty())
        result.sections.append(*win);
    if (!r.query.isEmpty()) {
        result.messages.append(ChatMessage{Role::User, r.query});
        const QStringList ids = r.queryMessageId.isEmpty() ? QStringList() : QStringList{r.queryMessageId};
        result.sections.append(ContextSection{QStringLiteral("message"),
                                              ids,
                                              TokenEstimator::estimate(r.query) + TokenEstimator::kPerMessageOverhead,
                                              0,
                                              {}});
    }
    return result;
}

} // namespace engram
