#include "AppStartup.h"

#include "AppSettings.h"
#include "GuiLog.h"
#include "MessageBoxes.h"
#include "SecretStore.h"
#include "ServerProbe.h"
#include "memory/MemoryService.h"
#include "storage/Backups.h"
#include "storage/DatabaseCheck.h"

#include <QDir>

#include <QCommandLineParser>
#include <QEventLoop>
#include <QLibraryInfo>
#include <QLocale>
#include <QMessageBox>
#include <QTranslator>

static void initEngramResources()
{
    // Outside any namespace, as Q_INIT_RESOURCE requires.
    Q_INIT_RESOURCE(engram);
}

namespace engram {

void AppStartup::initResources()
{
    static bool done = false;
    if (!done) {
        initEngramResources();
        done = true;
    }
}

namespace {
const QString kTranslatorName = QStringLiteral("engramTranslator");
} // namespace

QString AppStartup::installTranslators(QCoreApplication& app, const QString& language)
{
    QLocale locale = QLocale::system();
    if (language == QLatin1String("zh_CN"))
        locale = QLocale(QLocale::Chinese, QLocale::SimplifiedChineseScript, QLocale::China);
    else if (language == QLatin1String("en"))
        locale = QLocale(QLocale::English, QLocale::UnitedStates);
    QLocale::setDefault(locale);

    // A second call (a test switching languages) replaces what the first installed: a translator
    // left behind would answer for every text the new one leaves untranslated.
    for (QTranslator* earlier : app.findChildren<QTranslator*>(kTranslatorName, Qt::FindDirectChildrenOnly)) {
        QCoreApplication::removeTranslator(earlier);
        delete earlier;
    }
    auto* qt = new QTranslator(&app);
    qt->setObjectName(kTranslatorName);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    auto* ours = new QTranslator(&app);
    ours->setObjectName(kTranslatorName);
    if (ours->load(locale, QStringLiteral("engram"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(ours);
    else
        qCDebug(lcGui) << "no translation for" << locale.name() << "- using English";
    return locale.name();
}

AppStartup::Options AppStartup::parseCommandLine(const QCoreApplication& app, const AppSettings& settings)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("A desktop assistant that remembers you across conversations."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption db(QStringLiteral("db"), tr("Use the memory database at <path>."), tr("path"));
    parser.addOption(db);
    parser.process(app);

    Options options;
    auto location = chooseLocation(parser.value(db), settings);
    if (!location) {
        qCCritical(lcGui) << "memory location:" << location.errorMessage();
        QMessageBox::critical(nullptr, tr("Engram cannot start"), location.errorMessage());
        std::exit(1);
    }
    options.location = std::move(location).value();
    return options;
}

Result<MemoryLocation> AppStartup::chooseLocation(const QString& given, const AppSettings& settings)
{
    return MemoryLocation::resolve(given, settings.memoryServer());
}

void AppStartup::providePassword(const MemoryLocation& location, SecretStore& secrets)
{
    if (location.isFile() || qEnvironmentVariableIsSet("PGPASSWORD"))
        return;
    QEventLoop loop;
    QString password;
    bool answered = false;
    secrets.read(AppSettings::serverPasswordSecretName(), &loop,
                 [&loop, &password, &answered](const Result<QString>& secret) {
                     if (secret)
                         password = *secret;
                     answered = true;
                     loop.quit();
                 });
    if (!answered)
        loop.exec();
    if (password.isEmpty()) {
        qCInfo(lcGui) << "no saved password for" << location.describe() << "- libpq's own (~/.pgpass) applies";
        return;
    }
    // libpq reads it at every connect, so a dropped connection can be made again.
    qputenv("PGPASSWORD", password.toUtf8());
}

void AppStartup::reportDatabaseError(const QString& path, const QString& message)
{
    qCCritical(lcGui) << "cannot open the database" << path << ":" << message;
    QMessageBox box(QMessageBox::Critical, tr("Engram cannot start"),
                    tr("The memory database could not be opened:\n%1").arg(path));
    box.setInformativeText(tr("Engram has not changed the file. Move it aside to start with an empty memory, or "
                              "start Engram with --db and the path of another file."));
    // The storage layer's own words, for a bug report or a search; they are not translated.
    box.setDetailedText(message);
    box.exec();
}

std::unique_ptr<MemoryService> AppStartup::openMemory(const MemoryLocation& location, const MemoryConfig& config,
                                                      QWidget* parent)
{
    if (!location.isFile()) {
        auto memory = MemoryService::open(location, config);
        if (!memory) {
            reportServerError(location, memory.errorMessage(), parent);
            return nullptr;
        }
        // The window must not freeze while the server stays away: it is tried again off this thread.
        (*memory)->database().tryServerInBackground();
        return std::move(memory).value();
    }
    const QString path = location.filePath();
    const auto verdict = DatabaseCheck::check(path, DatabaseCheck::Depth::Quick);
    using State = DatabaseCheck::Verdict::State;
    if (verdict.state == State::Unfinished)
        qCInfo(lcGui) << "quick check of" << path << "stopped at its time budget:" << verdict.detail;
    if (verdict.state == State::Damaged || verdict.state == State::Unreadable) {
        qCCritical(lcGui) << "the memory file" << path << "is damaged:" << verdict.detail;
        auto aside = Backups(path).moveAside(QStringLiteral("damaged"));
        if (!aside) {
            reportDatabaseError(path, verdict.detail + QLatin1Char('\n') + aside.errorMessage());
            return nullptr;
        }
        if (!recover(path, *aside, verdict.detail, parent))
            return nullptr;
    }
    auto memory = MemoryService::open(path, config);
    if (!memory) {
        reportDatabaseError(path, memory.errorMessage());
        return nullptr;
    }
    return std::move(memory).value();
}

void AppStartup::reportServerError(const MemoryLocation& location, const QString& message, QWidget* parent)
{
    qCCritical(lcGui) << "cannot open the memory at" << location.describe() << ":" << message;
    MessageBoxes::critical(
        parent, tr("Engram cannot start"),
        tr("The memory on the server %1 could not be opened:\n%2\n\nEngram did not switch to the memory file on this "
           "computer. Check that the server is running and that its address and password are right. To use the file "
           "instead, start Engram once with --db %3 and choose “On this computer” in Settings → Memory Storage.")
            .arg(location.describe(), ServerProbe::readable(message),
                 QDir::toNativeSeparators(MemoryLocation::defaultFile().filePath())));
}

bool AppStartup::recover(const QString& path, const QString& aside, const QString& problem, QWidget* parent)
{
    Backups backups(path);
    const auto good = backups.newestGood();
    const QString title = tr("The memory file is damaged");
    QString text = tr("Engram found the memory file damaged or unreadable, so it did not write into it. The file was "
                      "moved aside as:\n%1\n\nSQLite says: %2")
                       .arg(QDir::toNativeSeparators(aside), problem.left(300));
    QList<QPair<QMessageBox::StandardButton, QString>> choices;
    if (good) {
        text += QStringLiteral("\n\n") +
                tr("The newest good backup is from %1 (%Ln fact(s)).", nullptr, int(good->total.facts))
                    .arg(QLocale().toString(good->createdAt.toLocalTime(), QLocale::ShortFormat));
        choices.append({QMessageBox::Yes, tr("Restore the newest good backup")});
    } else {
        text += QStringLiteral("\n\n") + tr("There is no good backup to restore.");
    }
    choices.append({QMessageBox::No, tr("Start with an empty memory")});
    choices.append({QMessageBox::Cancel, tr("Quit")});
    const auto answer = MessageBoxes::choose(parent, title, text, choices, good ? QMessageBox::Yes : QMessageBox::No);
    if (answer == QMessageBox::Yes && good) {
        auto restored = backups.restore(good->path);
        if (!restored) {
            MessageBoxes::warning(parent, title,
                                  tr("The backup could not be restored:\n%1").arg(restored.errorMessage()));
            return false;
        }
        qCInfo(lcGui) << "restored" << good->path << "after moving the damaged file to" << aside;
        return true;
    }
    return answer == QMessageBox::No;
}

} // namespace engram
