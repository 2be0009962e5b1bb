#include "KeychainSecretStore.h"

#include "GuiLog.h"

#include <qt6keychain/keychain.h>

namespace engram {

namespace {

// Every job: never QtKeychain's plain-file fallback, and gone once it has answered.
template <typename Job>
Job* makeJob(const QString& service, const QString& key, QObject* parent)
{
    auto* job = new Job(service, parent);
    job->setInsecureFallback(false);
    job->setAutoDelete(true);
    job->setKey(key);
    return job;
}

} // namespace

KeychainSecretStore::KeychainSecretStore(const QString& service, QObject* parent)
    : SecretStore(parent)
    , m_service(service)
{}

void KeychainSecretStore::read(const QString& key, QObject* context, ReadCallback done)
{
    if (!isPersistent()) {
        const QString value = m_session.value(key);
        deliver(context, [done = std::move(done), value] { done(value); });
        return;
    }
    auto* job = makeJob<QKeychain::ReadPasswordJob>(m_service, key, this);
    connect(job, &QKeychain::Job::finished, context, [this, job, key, done = std::move(done)] {
        switch (job->error()) {
        case QKeychain::NoError:
            done(job->textData());
            return;
        case QKeychain::EntryNotFound:
            done(QString());
            return;
        default:
            fallBackToSession(job->errorString());
            done(m_session.value(key));
        }
    });
    job->start();
}

void KeychainSecretStore::write(const QString& key, const QString& secret, QObject* context, DoneCallback done)
{
    if (!isPersistent()) {
        m_session.insert(key, secret);
        deliver(context, [done = std::move(done)] { done(Status()); });
        return;
    }
    auto* job = makeJob<QKeychain::WritePasswordJob>(m_service, key, this);
    job->setTextData(secret);
    connect(job, &QKeychain::Job::finished, context, [this, job, key, secret, done = std::move(done)] {
        if (job->error() != QKeychain::NoError) {
            // The key is still needed this session; the window says it will not be kept.
            fallBackToSession(job->errorString());
            m_session.insert(key, secret);
        }
        done(Status());
    });
    job->start();
}

void KeychainSecretStore::remove(const QString& key, QObject* context, DoneCallback done)
{
    m_session.remove(key);
    if (!isPersistent()) {
        deliver(context, [done = std::move(done)] { done(Status()); });
        return;
    }
    auto* job = makeJob<QKeychain::DeletePasswordJob>(m_service, key, this);
    connect(job, &QKeychain::Job::finished, context, [job, done = std::move(done)] {
        if (job->error() == QKeychain::NoError || job->error() == QKeychain::EntryNotFound)
            done(Status());
        else
            done(Error{Error::Code::Io,
                       tr("The keychain could not delete the saved key or password: %1").arg(job->errorString())});
    });
    job->start();
}

void KeychainSecretStore::fallBackToSession(const QString& why)
{
    if (!m_reason.isEmpty())
        return;
    // The keychain's own words go to the log (they carry no secret); the user gets a plain sentence.
    qCWarning(lcGui) << "keychain unavailable, keeping secrets for this session only:" << why;
    m_reason = tr("No keychain service (such as GNOME Keyring or KWallet) is running.");
    Q_EMIT persistenceChanged(false);
}

} // namespace engram
