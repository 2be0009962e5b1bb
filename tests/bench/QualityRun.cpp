#include "QualityRun.h"

#include "storage/Database.h"
#include "storage/EpisodeStore.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>

#include "BenchSupport.h"

namespace engram::bench {

const QString QualityRun::kUser = QStringLiteral("bench");

QString methodName(Method m)
{
    switch (m) {
    case Method::Engram:
        return QStringLiteral("Engram");
    case Method::PlainBm25:
        return QStringLiteral("plain BM25 (bigrams)");
    case Method::KeywordAll:
        return QStringLiteral("keyword, all rows");
    case Method::KeywordRecent:
        return QStringLiteral("keyword, 50 recent (original)");
    }
    return {};
}

const QList<Method>& allMethods()
{
    static const QList<Method> methods{Method::Engram, Method::PlainBm25, Method::KeywordAll, Method::KeywordRecent};
    return methods;
}

QualityRun::QualityRun(const BenchStore& store, const QString& templatePath, const QString& dir)
    : m_store(store)
    , m_templatePath(templatePath)
    , m_path(QDir(dir).filePath(QStringLiteral("store.sqlite")))
{}

Status QualityRun::open()
{
    for (const QString& suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
        QFile::remove(m_path + suffix);
    if (!QFile::copy(m_templatePath, m_path))
        return Error{Error::Code::Io, QStringLiteral("Cannot copy %1 to %2").arg(m_templatePath, m_path)};
    QFile(m_path).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    if (!m_store.items.isEmpty())
        m_clock.set(m_store.items.constLast().time);
    MemoryConfig config;
    // A benchmark store is one user's whole history: nothing may be forgotten while it is read.
    config.episodeCapacity = 100000000;
    config.forgetEveryWrites = 100000000;
    auto service = MemoryService::open(m_path, config, m_clock);
    if (!service)
        return service.error();
    m_service = std::move(service).value();
    if (auto user = m_service->ensureUser(kUser); !user)
        return user.error();
    m_plain = std::make_unique<PlainBm25>(m_service->database());
    return load();
}

Status QualityRun::load()
{
    Database& db = m_service->database();
    EpisodeStore episodes(db);
    Transaction tx(db);
    if (auto st = tx.begin(); !st)
        return st;
    if (auto st = m_plain->create(); !st)
        return st;
    for (qsizetype i = 0; i < m_store.items.size(); ++i) {
        const BenchItem& item = m_store.items.at(i);
        Episode e;
        e.id = item.key;
        e.userId = kUser;
        e.content = item.text;
        e.conversationId = item.conversation;
        e.createdAt = e.updatedAt = e.lastAccessAt = item.time;
        if (auto st = episodes.insert(e); !st)
            return st;
        if (auto st = m_plain->add(i + 1, item.text); !st)
            return st;
        const KeywordBaseline::Candidate c{static_cast<int>(i), item.text.toLower(), toMsecs(item.time)};
        m_all.push_back(c);
        m_conversationOf.insert(item.key, item.conversation);
    }
    // Items are sorted by time: the newest are at the end.
    const auto recent = std::min<std::size_t>(m_all.size(), KeywordBaseline::kRecentWindow);
    m_recent.assign(m_all.end() - static_cast<std::ptrdiff_t>(recent), m_all.end());
    if (auto st = tx.commit(); !st)
        return st;
    // The first query of a fresh connection reads the schema and the index structure: keep that
    // out of the measured latencies.
    if (auto warm = m_service->retriever().searchEpisodes(kUser, QStringLiteral("warm up"), 1); !warm)
        return warm.error();
    if (auto warm = m_plain->search(QStringLiteral("warm up"), 1); !warm)
        return warm.error();
    return {};
}

QStringList QualityRun::keysOfIndices(const std::vector<int>& indices) const
{
    QStringList keys;
    for (const int i : indices)
        keys.append(m_store.items.at(i).key);
    return keys;
}

QString QualityRun::conversationOf(const QString& key) const
{
    return m_conversationOf.value(key);
}

QString QualityRun::keyOfEpisode(const QString& episodeId) const
{
    return episodeId; // episodes are stored under their item's key
}

Result<QStringList> QualityRun::rank(Method method, const BenchQuestion& question, int k, double& millis)
{
    if (question.time.isValid())
        m_clock.set(question.time);
    QElapsedTimer timer;
    timer.start();
    QStringList keys;
    switch (method) {
    case Method::Engram: {
        // A conversational query is the user's latest message and the earlier ones before it.
        const QueryText query =
            question.dialogue.isEmpty()
                ? QueryText(question.text)
                : QueryText(question.dialogue.constLast(), question.dialogue.mid(0, question.dialogue.size() - 1));
        auto hits = m_service->retriever().searchEpisodes(kUser, query, k);
        if (!hits)
            return hits.error();
        for (const EpisodeHit& h : *hits)
            keys.append(keyOfEpisode(h.episode.id));
        break;
    }
    case Method::PlainBm25: {
        auto rows = m_plain->search(question.text, k);
        if (!rows)
            return rows.error();
        std::vector<int> indices;
        for (const qint64 row : *rows)
            indices.push_back(static_cast<int>(row - 1));
        keys = keysOfIndices(indices);
        break;
    }
    case Method::KeywordAll:
    case Method::KeywordRecent: {
        const QStringList words = KeywordBaseline::keywords(question.text);
        keys = keysOfIndices(KeywordBaseline::rank(words, method == Method::KeywordAll ? m_all : m_recent, k));
        break;
    }
    }
    millis = elapsedMs(timer);
    return keys;
}

Result<ContextResult> QualityRun::context(const BenchQuestion& question, int exchanges, double& millis)
{
    if (question.time.isValid())
        m_clock.set(question.time);
    MemoryConfig config = m_service->config();
    config.relatedExchanges = exchanges;
    m_service->setConfig(config);
    ContextRequest request;
    request.userId = kUser;
    request.query = question.text;
    // buildContext counts an access for what it used; roll that back so questions stay independent.
    Transaction tx(m_service->database());
    if (auto st = tx.begin(); !st)
        return st.error();
    QElapsedTimer timer;
    timer.start();
    auto result = m_service->buildContext(request);
    millis = elapsedMs(timer);
    return result;
}

} // namespace engram::bench
