#include "MemoryFixture.h"

namespace engram::test {

MemoryFixture::MemoryFixture(MemoryConfig config)
    : m_location(m_dir.path())
    , m_clock(QDateTime(QDate(2026, 3, 1), QTime(9, 0), Qt::UTC))
    , m_config(config)
{
    reopen();
}

void MemoryFixture::reopen()
{
    m_service.reset();
    auto opened = MemoryService::open(m_location.location(), m_config, m_clock);
    if (!opened)
        qFatal("cannot open memory service: %s", qPrintable(opened.errorMessage()));
    m_service = std::move(opened).value();
}

QString MemoryFixture::newConversation(const QString& userId, const QString& title)
{
    if (!m_service->ensureUser(userId))
        qFatal("cannot create user");
    auto c = m_service->createConversation(userId, title);
    if (!c)
        qFatal("cannot create conversation: %s", qPrintable(c.errorMessage()));
    return c->id;
}

void MemoryFixture::addRound(const QString& userId, const QString& conversationId, const QString& question,
                             const QString& reply)
{
    m_clock.advanceSecs(30);
    if (!m_service->appendMessage(userId, conversationId, Role::User, question))
        qFatal("cannot append user message");
    m_clock.advanceSecs(5);
    if (!m_service->appendMessage(userId, conversationId, Role::Assistant, reply))
        qFatal("cannot append reply");
}

FactInput automaticFact(const QString& predicate, const QString& object, double confidence)
{
    FactInput in;
    in.predicate = predicate;
    in.object = object;
    in.confidence = confidence;
    in.source = FactSource::LlmExtract;
    return in;
}

} // namespace engram::test
