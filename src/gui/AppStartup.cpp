#include "AppStartup.h"

#include "GuiLog.h"
#include "storage/Database.h"

#include <QCommandLineParser>
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

QString AppStartup::installTranslators(QCoreApplication& app, const QString& language)
{
    QLocale locale = QLocale::system();
    if (language == QLatin1String("zh_CN"))
        locale = QLocale(QLocale::Chinese, QLocale::SimplifiedChineseScript, QLocale::China);
    else if (language == QLatin1String("en"))
        locale = QLocale(QLocale::English, QLocale::UnitedStates);
    QLocale::setDefault(locale);

    auto* qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    auto* ours = new QTranslator(&app);
    if (ours->load(locale, QStringLiteral("engram"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(ours);
    else
        qCDebug(lcGui) << "no translation for" << locale.name() << "- using English";
    return locale.name();
}

AppStartup::Options AppStartup::parseCommandLine(const QCoreApplication& app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("A desktop assistant that remembers you across conversations."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption db(QStringLiteral("db"), tr("Use the memory database at <path>."), tr("path"));
    parser.addOption(db);
    parser.process(app);

    Options options;
    options.databasePath = parser.isSet(db) ? parser.value(db) : Database::defaultPath();
    return options;
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

} // namespace engram
