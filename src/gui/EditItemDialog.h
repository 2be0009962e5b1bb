#pragma once

#include <QDialog>

#include <memory>

namespace engram {

namespace Ui {
class EditItemDialog;
}

// Asks for the new text of one memory item, and accepts only what the service would: text that
// is not empty, not too long, and not unchanged.
class EditItemDialog final : public QDialog
{
    Q_OBJECT

public:
    struct Request
    {
        QString title;
        QString prompt;
        QString text;     // the current text
        bool multiLine{}; // episodes and messages; a fact's value is one line
        int maxLength{};  // 0 = no limit
    };

    explicit EditItemDialog(const Request& request, QWidget* parent = nullptr);
    ~EditItemDialog() override;

    // The new text, trimmed.
    QString text() const;

private:
    void validate();

    std::unique_ptr<Ui::EditItemDialog> m_ui;
    Request m_request;
};

} // namespace engram
