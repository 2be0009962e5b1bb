#include "AppSettings.h"

#include "storage/Backups.h"
#include "storage/MemoryLocation.h"

#include "ProviderPreset.h"
#include "core/FileSafety.h"
#include "llm/LlmSettings.h"

#include <QSettings>

namespace engram {

namespace {

const QString kProvider = QStringLiteral("model/provider");
// The endpoint's keys are LlmSettings' own, so engram-cli reads what Settings saved.
const QString kBaseUrl = QString::fromLatin1(LlmSettingsKey::baseUrl);
const QString kChatModel = QString::fromLatin1(LlmSettingsKey::chatModel);
const QString kExtractionModel = QString::fromLatin1(LlmSettingsKey::extractionModel);
const QString kEmbeddingModel = QString::fromLatin1(LlmSettingsKey::embeddingModel);
const QString kConnectTimeout = QString::fromLatin1(LlmSettingsKey::connectTimeoutSeconds);
const QString kReplyTimeout = QString::fromLatin1(LlmSettingsKey::replyTimeoutSeconds);
const QString kReplyDeadline = QString::fromLatin1(LlmSettingsKey::replyDeadlineSeconds);
const QString kMemoryEnabled = QString::fromLatin1(kMemoryEnabledSetting);
const QString kWindowRounds = QString::fromLatin1(MemorySettingsKey::windowRounds);
const QString kProfileBudget = QString::fromLatin1(MemorySettingsKey::profileBudget);
const QString kEpisodicBudget = QString::fromLatin1(MemorySettingsKey::episodicBudget);
const QString kWindowBudget = QString::fromLatin1(MemorySettingsKey::windowBudget);
const QString kEpisodeCapacity = QString::fromLatin1(MemorySettingsKey::episodeCapacity);
const QString kMaxAgeDays = QString::fromLatin1(MemorySettingsKey::maxAgeDays);
const QString kBackupsToKeep = QStringLiteral("memory/backupsToKeep");
const QString kMemoryServer = QLatin1String(MemoryLocation::kSavedServerKey);
// Not "general/…": QSettings reads an INI section [general] as its own top level.
const QString kLanguage = QStringLiteral("interface/language");
const QString kSetupDone = QStringLiteral("interface/setupDone");
const QString kLastUser = QStringLiteral("session/lastUserId");
const QString kGeometry = QStringLiteral("window/geometry");
const QString kWindowState = QStringLiteral("window/state");
const QString kSplitter = QStringLiteral("window/splitter");

} // namespace

AppSettings::AppSettings(const QString& fileName)
    : m_settings(fileName.isEmpty() ? std::make_unique<QSettings>()
                                    : std::make_unique<QSettings>(fileName, QSettings::IniFormat))
{
    // Made under an older, looser umask: the user's alone from now on (it names their endpoint
    // and models; the key itself is in the keychain, never here).
    (void)files::makePrivate(m_settings->fileName());
}

AppSettings::~AppSettings() = default;

QString AppSettings::fileName() const
{
    return m_settings->fileName();
}

void AppSettings::sync()
{
    m_settings->sync();
}

QVariant AppSettings::value(const QString& key, const QVariant& fallback) const
{
    return m_settings->value(key, fallback);
}

int AppSettings::intValue(const QString& key, int fallback) const
{
    bool ok{};
    const int v = m_settings->value(key, fallback).toInt(&ok);
    return ok ? v : fallback;
}

void AppSettings::setValue(const QString& key, const QVariant& value)
{
    m_settings->setValue(key, value);
}

QString AppSettings::defaultBaseUrl()
{
    return LlmSettings::fromEnvironment().baseUrl;
}

LlmSettings AppSettings::llmSettings() const
{
    LlmSettings s = LlmSettings::load(*m_settings);
    // A chat model never saved follows the provider's preset, as the Settings dialog shows it.
    s.chatModel = chatModel();
    return s;
}

QString AppSettings::apiKeySecretName()
{
    return QStringLiteral("llm-api-key");
}

QString AppSettings::serverPasswordSecretName()
{
    return QStringLiteral("memory-server-password");
}

QString AppSettings::providerId() const
{
    return value(kProvider, ProviderPreset::byBaseUrl(baseUrl()).id).toString();
}

void AppSettings::setProviderId(const QString& id)
{
    setValue(kProvider, id);
}

QString AppSettings::baseUrl() const
{
    return value(kBaseUrl, defaultBaseUrl()).toString();
}

void AppSettings::setBaseUrl(const QString& url)
{
    setValue(kBaseUrl, url.trimmed());
}

QString AppSettings::chatModel() const
{
    const QString env = qEnvironmentVariable("LLM_MODEL").trimmed();
    const QString fallback = env.isEmpty() ? ProviderPreset::byBaseUrl(baseUrl()).chatModel : env;
    return value(kChatModel, fallback).toString();
}

void AppSettings::setChatModel(const QString& model)
{
    setValue(kChatModel, model.trimmed());
}

QString AppSettings::extractionModel() const
{
    return value(kExtractionModel, QString()).toString();
}

void AppSettings::setExtractionModel(const QString& model)
{
    setValue(kExtractionModel, model.trimmed());
}

QString AppSettings::embeddingModel() const
{
    return value(kEmbeddingModel, QString()).toString();
}

void AppSettings::setEmbeddingModel(const QString& model)
{
    setValue(kEmbeddingModel, model.trimmed());
}

int AppSettings::connectTimeoutSeconds() const
{
    return intValue(kConnectTimeout, LlmSettings().connectTimeoutMs / 1000);
}

void AppSettings::setConnectTimeoutSeconds(int seconds)
{
    setValue(kConnectTimeout, seconds);
}

int AppSettings::replyTimeoutSeconds() const
{
    return intValue(kReplyTimeout, LlmSettings().idleTimeoutMs / 1000);
}

void AppSettings::setReplyTimeoutSeconds(int seconds)
{
    setValue(kReplyTimeout, seconds);
}

int AppSettings::replyDeadlineSeconds() const
{
    return intValue(kReplyDeadline, LlmSettings().replyDeadlineMs / 1000);
}

void AppSettings::setReplyDeadlineSeconds(int seconds)
{
    setValue(kReplyDeadline, seconds);
}

bool AppSettings::memoryEnabled() const
{
    return value(kMemoryEnabled, MemoryConfig{}.enabled).toBool();
}

void AppSettings::setMemoryEnabled(bool enabled)
{
    setValue(kMemoryEnabled, enabled);
}

int AppSettings::windowRounds() const
{
    return intValue(kWindowRounds, MemoryConfig{}.windowRounds);
}

void AppSettings::setWindowRounds(int rounds)
{
    setValue(kWindowRounds, rounds);
}

int AppSettings::profileBudget() const
{
    return intValue(kProfileBudget, MemoryConfig{}.profileBudget);
}

void AppSettings::setProfileBudget(int tokens)
{
    setValue(kProfileBudget, tokens);
}

int AppSettings::episodicBudget() const
{
    return intValue(kEpisodicBudget, MemoryConfig{}.episodicBudget);
}

void AppSettings::setEpisodicBudget(int tokens)
{
    setValue(kEpisodicBudget, tokens);
}

int AppSettings::windowBudget() const
{
    return intValue(kWindowBudget, MemoryConfig{}.windowBudget);
}

void AppSettings::setWindowBudget(int tokens)
{
    setValue(kWindowBudget, tokens);
}

int AppSettings::episodeCapacity() const
{
    return intValue(kEpisodeCapacity, MemoryConfig{}.episodeCapacity);
}

void AppSettings::setEpisodeCapacity(int episodes)
{
    setValue(kEpisodeCapacity, episodes);
}

int AppSettings::maxAgeDays() const
{
    return intValue(kMaxAgeDays, MemoryConfig{}.maxAgeDays);
}

void AppSettings::setMaxAgeDays(int days)
{
    setValue(kMaxAgeDays, days);
}

int AppSettings::backupsToKeep() const
{
    return qMax(1, intValue(kBackupsToKeep, Backups::kDefaultKeep));
}

void AppSettings::setBackupsToKeep(int count)
{
    setValue(kBackupsToKeep, qMax(1, count));
}

MemoryConfig AppSettings::memoryConfig(MemoryConfig base) const
{
    base.enabled = memoryEnabled();
    return withChosenNumbers(*m_settings, base);
}

QString AppSettings::memoryServer() const
{
    return value(kMemoryServer, QString()).toString();
}

void AppSettings::setMemoryServer(const QString& url)
{
    if (url.trimmed().isEmpty())
        m_settings->remove(kMemoryServer);
    else
        setValue(kMemoryServer, url.trimmed());
}

QString AppSettings::language() const
{
    return value(kLanguage, QStringLiteral("system")).toString();
}

void AppSettings::setLanguage(const QString& language)
{
    setValue(kLanguage, language);
}

bool AppSettings::setupNeeded() const
{
    if (value(kSetupDone, false).toBool() || m_settings->contains(kBaseUrl))
        return false;
    return qEnvironmentVariableIsEmpty("LLM_BASE_URL") && qEnvironmentVariableIsEmpty("OPENAI_BASE_URL");
}

void AppSettings::setSetupDone()
{
    setValue(kSetupDone, true);
}

QString AppSettings::lastUserId() const
{
    return value(kLastUser, QString()).toString();
}

void AppSettings::setLastUserId(const QString& id)
{
    setValue(kLastUser, id);
}

QByteArray AppSettings::windowGeometry() const
{
    return value(kGeometry, QByteArray()).toByteArray();
}

void AppSettings::setWindowGeometry(const QByteArray& geometry)
{
    setValue(kGeometry, geometry);
}

QByteArray AppSettings::windowState() const
{
    return value(kWindowState, QByteArray()).toByteArray();
}

void AppSettings::setWindowState(const QByteArray& state)
{
    setValue(kWindowState, state);
}

QByteArray AppSettings::splitterState() const
{
    return value(kSplitter, QByteArray()).toByteArray();
}

void AppSettings::setSplitterState(const QByteArray& state)
{
    setValue(kSplitter, state);
}

} // namespace engram
