#include "SecretStore.h"

#include <QMetaObject>
#include <QPointer>

namespace engram {

SecretStore::SecretStore(QObject* parent)
    : QObject(parent)
{}

SecretStore::~SecretStore() = default;

void SecretStore::deliver(QObject* context, std::function<void()> f)
{
    // A queued call bound to `context` is dropped if the context is destroyed first, so a dialog
    // closed before the keychain answers is never called back.
    QMetaObject::invokeMethod(context, std::move(f), Qt::QueuedConnection);
}

MemorySecretStore::MemorySecretStore(QObject* parent)
    : SecretStore(parent)
{}

void MemorySecretStore::read(const QString& key, QObject* context, ReadCallback done)
{
    const QString value = m_secrets.value(key);
    deliver(context, [done = std::move(done), value] { done(value); });
}

void MemorySecretStore::write(const QString& key, const QString& secret, QObject* context, DoneCallback done)
{
    m_secrets.insert(key, secret);
    deliver(context, [done = std::move(done)] { done(Status()); });
}

void MemorySecretStore::remove(const QString& key, QObject* context, DoneCallback done)
{
    m_secrets.remove(key);
    deliver(context, [done = std::move(done)] { done(Status()); });
}

QString MemorySecretStore::unavailableReason() const
{
    return m_persistent ? QString() : tr("No keychain service is running.");
}

void MemorySecretStore::setPersistent(bool persistent)
{
    if (m_persistent == persistent)
        return;
    m_persistent = persistent;
    Q_EMIT persistenceChanged(persistent);
}

} // namespace engram
